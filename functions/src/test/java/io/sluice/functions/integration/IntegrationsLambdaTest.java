package io.sluice.functions.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.tenancy.Owner;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.integration.IntegrationCatalog;
import io.sluice.orchestration.integration.LambdaCall;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The integrations function's part in calling Lambda functions outside the bundle: it reads the call, keeps tenants' runs
 * away from the host's role, and hands the call to the host's {@link LambdaCaller} (here one that records what it is
 * given: what a caller does with Lambda's API is {@code AwsLambdaCallerTest}'s, in adapters/aws).
 */
class IntegrationsLambdaTest {
    private static final String INVOKE = "arn:aws:states:::lambda:invoke";
    private final List<LambdaCall> calls = new ArrayList<>();
    private final IntegrationRegistry registry = new IntegrationRegistry(Platform.AWS, List.of(), null);

    private static TaskContext task(String resource, Owner owner) {
        return new TaskContext("token", "orders:o-1", "Score", IntegrationPattern.REQUEST_RESPONSE, null, resource, null, owner);
    }

    @Test
    void aPlatformRunsCallGoesToTheHostsCallerAsStepFunctionsWouldMakeIt() {
        Integrations integrations = new Integrations(registry, (call, task) -> {
            calls.add(call);
            return Json.object().put("StatusCode", 200);
        });
        var result = integrations.apply(Json.parse("{\"FunctionName\": \"scorer:prod\", \"Payload\": {\"n\": 1}, \"LogType\": \"Tail\"}"),
                task(INVOKE, new Owner.Platform("orders", "orders:o-1")));
        assertThat(result.get("StatusCode").asInt()).isEqualTo(200);
        assertThat(calls).singleElement().satisfies(c -> {
            assertThat(c.functionName()).isEqualTo("scorer:prod");
            assertThat(c.payload()).isEqualTo(Json.parse("{\"n\": 1}"));
            assertThat(c.logType()).isEqualTo("Tail");
            assertThat(c.optimized()).isTrue();
        });
    }

    @Test
    void aTenantsRunAHostWithoutACallerAndACallWithoutAFunctionNameAreRefusedSayingWhy() {
        Integrations integrations = new Integrations(registry, (call, task) -> {
            calls.add(call);
            return Json.object();
        });
        assertThatThrownBy(() -> integrations.apply(Json.parse("{\"FunctionName\": \"scorer\"}"),
                task(INVOKE, new Owner.Tenant("finance", "fin-a", "fin-a:r"))))
                .isInstanceOfSatisfying(TaskError.class, e -> {
                    assertThat(e.errorName()).isEqualTo(IntegrationCatalog.UNAVAILABLE);
                    assertThat(e.getMessage()).contains("tenant's run");
                });
        assertThatThrownBy(() -> integrations.apply(Json.parse("{\"Payload\": {}}"), task(INVOKE, new Owner.Platform("orders", "orders:o-1"))))
                .isInstanceOfSatisfying(TaskError.class, e -> assertThat(e.getMessage()).contains("FunctionName"));
        assertThat(calls).isEmpty();

        assertThatThrownBy(() -> new Integrations(registry).apply(Json.parse("{\"FunctionName\": \"scorer\"}"),
                task("arn:aws:lambda:us-east-1:123456789012:function:scorer", new Owner.Platform("orders", "orders:o-1"))))
                .isInstanceOfSatisfying(TaskError.class, e -> {
                    assertThat(e.errorName()).isEqualTo(IntegrationCatalog.UNAVAILABLE);
                    assertThat(e.getMessage()).contains("sluice.lambdas-file");
                });
        assertThat(Set.copyOf(calls)).isEmpty();
    }
}
