package io.sluice.functions.integration;

import io.sluice.functions.tenancy.Owner;
import static io.sluice.functions.integration.Calls.call;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.dynamodb.DynamoDbHandler;
import io.sluice.functions.integration.http.HttpInvokeHandler;
import io.sluice.functions.integration.http.HttpSettings;
import io.sluice.functions.integration.jobs.GlueHandler;
import io.sluice.functions.integration.objects.ObjectStoreHandler;
import io.sluice.functions.integration.publish.PublishHandler;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.jobs.GlueLaunch;
import io.sluice.functions.task.jobs.JobCompletions;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.integration.IntegrationCatalog;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.fake.InMemoryJobLauncher;
import io.sluice.testkit.fake.InMemoryKeyValueTable;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.testkit.fake.InMemoryPublisher;
import io.sluice.testkit.fake.InMemorySecretResolver;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The registry agrees with IntegrationCatalog, and the integrations function routes, refuses and names errors as it says. */
class RegistryTest {
    final JobCompletions completions = new JobCompletions();
    final InMemoryJobLauncher launcher = new InMemoryJobLauncher(Map.of("raw", args -> null, "broken", args -> "syntax error"),
            completions, Clock.systemUTC());

    /** Every handler a host passes, over in-memory ports. */
    List<IntegrationHandler> handlers() {
        HttpSettings http = HttpSettings.none();
        return List.of(new DynamoDbHandler(new InMemoryKeyValueTable(), List.of()),
                new PublishHandler(new InMemoryPublisher(), Clock.systemUTC(), Map.of()),
                new ObjectStoreHandler(new InMemoryObjectStore()),
                new HttpInvokeHandler(HttpInvokeHandler.defaultClient(http), http, new ScopedSecrets(new InMemorySecretResolver())),
                new GlueHandler(new GlueLaunch(launcher, completions, new Backoff(Duration.ofMillis(20), 2.0, Duration.ofMillis(200), 0),
                        Clock.systemUTC())));
    }

    @Test
    void theHandlersAnswerExactlyTheActionsTheCatalogMaps() {
        IntegrationRegistry registry = new IntegrationRegistry(Platform.LOCAL, handlers(), null);
        assertThat(registry.actions()).containsExactlyInAnyOrderElementsOf(IntegrationCatalog.mapped().keySet());
    }

    @Test
    void aRegistryAgreesWithTheCatalogOnlyWithEveryMappedActionAndTheGenericWhereTheCatalogRunsTheLongTail() {
        assertThat(new IntegrationRegistry(Platform.LOCAL, handlers(), null).disagreementsWithCatalog()).isEmpty();
        IntegrationHandler generic = new IntegrationHandler() {
            public java.util.Set<String> actions() {
                return java.util.Set.of();
            }

            public JsonNode call(IntegrationCall call) {
                return Json.object();
            }
        };
        assertThat(new IntegrationRegistry(Platform.AWS, handlers(), generic).disagreementsWithCatalog()).isEmpty();
        assertThat(new IntegrationRegistry(Platform.AWS, handlers(), null).disagreementsWithCatalog())
                .singleElement().asString().contains("no generic integration");
        assertThat(new IntegrationRegistry(Platform.AZURE, handlers(), generic).disagreementsWithCatalog())
                .singleElement().asString().contains("runs no unmapped action on platform azure");
        assertThat(new IntegrationRegistry(Platform.AZURE, handlers().subList(0, 4), null).disagreementsWithCatalog())
                .containsExactlyInAnyOrder("glue:startJobRun runs on platform azure by IntegrationCatalog, and this registry has no handler for it",
                        "aws-sdk:glue:startJobRun runs on platform azure by IntegrationCatalog, and this registry has no handler for it");
    }

    @Test
    void aHandlerOfAnActionTheCatalogDoesNotKnowIsRefused() {
        IntegrationHandler ecs = new IntegrationHandler() {
            public java.util.Set<String> actions() {
                return java.util.Set.of("ecs:runTask");
            }

            public JsonNode call(IntegrationCall call) {
                return Json.object();
            }
        };
        assertThatThrownBy(() -> new IntegrationRegistry(Platform.LOCAL, List.of(ecs), null))
                .hasMessageContaining("ecs:runTask is not in IntegrationCatalog");
    }

    Integrations integrations(Platform platform, IntegrationHandler generic) {
        return new Integrations(new IntegrationRegistry(platform, handlers(), generic));
    }

    static TaskContext task(String resource) {
        return new TaskContext("orders:run-1.0.1.0", "orders:run-1", "Scale", IntegrationPattern.REQUEST_RESPONSE, null, resource, null,
                new Owner.Tenant("acme", "orders", "orders:run-1"));
    }

    @Test
    void anUnmappedIntegrationIsUnavailableNamingStateResourceAndPlatform() {
        TaskError e = catchThrowableOfType(TaskError.class, () -> integrations(Platform.LOCAL, null)
                .apply(Json.object(), task("arn:aws:states:::ecs:runTask.sync")));
        assertThat(e.errorName()).isEqualTo("Sluice.IntegrationUnavailable");
        assertThat(e.getMessage()).contains("'Scale'").contains("arn:aws:states:::ecs:runTask.sync").contains("platform local");
        TaskError child = catchThrowableOfType(TaskError.class, () -> integrations(Platform.LOCAL, null)
                .apply(Json.object(), task("arn:aws:states:::states:startExecution.sync:2")));
        assertThat(child.errorName()).isEqualTo("Sluice.IntegrationUnavailable");
        assertThat(child.getMessage()).contains("runs as a child execution in the executions function");
    }

    @Test
    void onAwsTheLongTailGoesToTheHostsGenericIntegration() {
        IntegrationHandler generic = new IntegrationHandler() {
            public java.util.Set<String> actions() {
                return java.util.Set.of();
            }

            public JsonNode call(IntegrationCall call) {
                return Json.object().put("called", call.action().key()).put("tenant", call.namespace());
            }
        };
        assertThat(integrations(Platform.AWS, generic).apply(Json.object(), task("arn:aws:states:::aws-sdk:sqs:getQueueAttributes")))
                .isEqualTo(Json.parse("{\"called\": \"aws-sdk:sqs:getQueueAttributes\", \"tenant\": \"acme\"}"));
        TaskError none = catchThrowableOfType(TaskError.class, () -> integrations(Platform.AWS, null)
                .apply(Json.object(), task("arn:aws:states:::aws-sdk:sqs:listQueues")));
        assertThat(none.getMessage()).contains("no handler");
    }

    @Test
    void glueStartJobRunReturnsTheRunIdAndSyncTheFinishedRunOrStatesTaskFailed() {
        GlueHandler glue = (GlueHandler) handlers().get(4);
        JsonNode started = glue.call(call("arn:aws:states:::glue:startJobRun", "{\"JobName\": \"raw\", \"Arguments\": {\"--day\": \"2026-11-29\"}}"));
        assertThat(started.fieldNames()).toIterable().containsExactly("JobRunId");
        JsonNode done = glue.call(call("arn:aws:states:::glue:startJobRun.sync", "{\"JobName\": \"raw\", \"Arguments\": {\"--day\": \"d\"}}",
                "orders:run-1.0.2.0", null));
        assertThat(done.get("JobRunState").asText()).isEqualTo("SUCCEEDED");
        assertThat(done.get("JobName").asText()).isEqualTo("raw");
        assertThat(done.at("/Arguments/--day").asText()).isEqualTo("d");
        TaskError failed = catchThrowableOfType(TaskError.class, () -> glue.call(call("arn:aws:states:::glue:startJobRun.sync",
                "{\"JobName\": \"broken\"}", "orders:run-1.0.3.0", null)));
        assertThat(failed.errorName()).isEqualTo("States.TaskFailed");
        assertThat(Json.parse(failed.getMessage()).get("JobRunState").asText()).isEqualTo("FAILED");
        assertThat(catchThrowableOfType(TaskError.class, () -> glue.call(call("arn:aws:states:::glue:startJobRun", "{}"))).errorName())
                .isEqualTo("Glue.InvalidInputException");
    }
}
