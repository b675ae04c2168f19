package io.sluice.api.sfn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.api.port.ReadOnlyExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.testkit.fake.InMemoryDefinitionStore;
import io.sluice.testkit.fake.InMemoryMapRunStore;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What the one composition of the Step Functions API wires for every host ({@link SfnService#builder}): its requests
 * timed into {@code sluice.api.requests}, the paths it answers at, UpdateMapRun handing a changed run to the host's
 * map-run coordinator within the call, the body limit, and the steps a host cannot leave out. The operations themselves
 * are the hosts' tests' (adapters/local's Sfn*Test, adapters/aws's HttpApiSfnTest, adapters/azure's AzureSfn*Test).
 */
class SfnServiceTest {
    private static final String RUN = "5e0c1a2b-0000-4000-8000-0000000000d4";
    private static final String ARN = "arn:aws:states:us-east-1:123456789012:mapRun:fan/Each:" + RUN;
    private static final Instant NOW = Instant.parse("2026-12-06T10:00:00Z");

    /** The parts every host names, over in-memory stores: no bundled machines, no executions, no task functions. */
    private static SfnService.Builder parts() {
        StoredStateMachines machines = new StoredStateMachines(new StoredStateMachines.Bundle() {
            @Override
            public List<String> names() {
                return List.of();
            }

            @Override
            public Optional<io.sluice.orchestration.definition.Definition> definition(String name) {
                return Optional.empty();
            }
        }, new ConcurrentHashMap<>(), "123456789012", (pipeline, name, definition, input) -> new StartResult.Refused(pipeline, "not here"),
                new InMemoryDefinitionStore(), "pipelines/");
        return SfnService.builder().arns("us-east-1", "123456789012").machines(machines).executions(new NoExecutions())
                .directTasks(TaskFunctions.of(Map.of())).authenticatedBy(request -> new Caller.Local())
                .clock(Clock.fixed(NOW, ZoneOffset.UTC)).maxBodyBytes(262_144);
    }

    private static SfnResponse call(SfnApi api, String path, String operation, String body) {
        Map<String, List<String>> headers = Map.of("X-Amz-Target", List.of("AWSStepFunctions." + operation),
                "Content-Type", List.of("application/x-amz-json-1.0"));
        return api.handle(new SfnRequest("POST", path, null, headers, body.getBytes(StandardCharsets.UTF_8)));
    }

    private static JsonNode body(SfnResponse r) {
        return Json.parse(new String(r.body(), StandardCharsets.UTF_8));
    }

    @Test
    void eachRequestIsTimedIntoTheRequestMetricByOperationAtThePathsNamed() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        SfnApi api = parts().timedBy(registry).at("/", "/api").build();

        assertThat(call(api, "/api", "ListStateMachines", "{}").status()).isEqualTo(200);
        assertThat(call(api, "/", "ListStateMachines", "{}").status()).isEqualTo(200);
        assertThat(body(call(api, "/other", "ListStateMachines", "{}")).get("__type").asText()).isEqualTo("UnknownOperationException");

        assertThat(registry.get("sluice.api.requests").tags("route", "AWSStepFunctions.ListStateMachines", "method", "POST", "status", "200")
                .timer().count()).isEqualTo(2);
        assertThat(registry.get("sluice.api.requests").tags("status", "400").timer().count()).isEqualTo(1);
    }

    @Test
    void leftOutTheApiAnswersAtTheRootOnlyUntimedWithoutActivitiesOrMapRunRecords() {
        SfnApi api = parts().build();

        assertThat(call(api, "/", "ListStateMachines", "{}").status()).isEqualTo(200);
        assertThat(call(api, "/api", "ListStateMachines", "{}").status()).isEqualTo(400);
        assertThat(api.operations()).contains("StartExecution", "UpdateMapRun").doesNotContain("CreateActivity", "GetActivityTask");
        assertThat(body(call(api, "/", "UpdateMapRun", "{\"mapRunArn\": \"" + ARN + "\", \"maxConcurrency\": 5}")).get("__type").asText())
                .as("a host that keeps no map-run records finds no run").isEqualTo("ResourceNotFound");
    }

    @Test
    void updateMapRunHandsTheChangedRunToTheCoordinatorWithinTheCall() {
        InMemoryMapRunStore runs = runningMapRun();
        List<String> stepped = new ArrayList<>();
        SfnApi api = parts().mapRunsAndStep(runs, stepped::add).build();

        SfnResponse r = call(api, "/", "UpdateMapRun", "{\"mapRunArn\": \"" + ARN + "\", \"maxConcurrency\": 5}");

        assertThat(r.status()).isEqualTo(200);
        assertThat(stepped).as("the coordinator stepped the run before the answer").containsExactly(RUN);
        assertThat(body(call(api, "/", "UpdateMapRun", "{\"mapRunArn\": \"" + ARN.replace(RUN, RUN.replace('d', 'e'))
                + "\", \"maxConcurrency\": 5}")).get("__type").asText()).isEqualTo("ResourceNotFound");
        assertThat(stepped).as("a run the host does not keep is not stepped").containsExactly(RUN);
    }

    @Test
    void theCoordinatorIsLookedUpAtEachUpdateSoOneMadeAfterTheApiIsFound() {
        AtomicInteger lookups = new AtomicInteger();
        SfnApi api = parts().mapRuns(runningMapRun(), () -> {
            lookups.incrementAndGet();
            return null; // the host has made none (yet): the change takes effect from the run's next step on
        }).build();
        assertThat(lookups).as("not looked up while the API is made").hasValue(0);

        assertThat(call(api, "/", "UpdateMapRun", "{\"mapRunArn\": \"" + ARN + "\", \"maxConcurrency\": 5}").status()).isEqualTo(200);
        assertThat(lookups).hasValue(1);
    }

    @Test
    void theBodyLimitIsTheHostsCappedToWhatAnArrayHolds() {
        SfnApi small = parts().maxBodyBytes(64).build();
        SfnResponse big = call(small, "/", "ListStateMachines", "{\"nextToken\": \"" + "x".repeat(100) + "\"}");
        assertThat(body(big).get("__type").asText()).isEqualTo("ValidationException");
        assertThat(small.maxBodyBytes()).isEqualTo(64);
        assertThat(parts().maxBodyBytes(Long.MAX_VALUE).build().maxBodyBytes()).isEqualTo(Integer.MAX_VALUE);
    }

    @Test
    void aRequiredStepLeftOutIsNamed() {
        assertThatThrownBy(() -> parts().authenticatedBy(null).build()).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("authenticatedBy(...)");
        assertThatThrownBy(() -> SfnService.builder().build()).hasMessageContaining("arns(...)");
    }

    /** A running STANDARD map run of {@code fan}, as the coordinator records it (MapRunRecord.encode). */
    private static InMemoryMapRunStore runningMapRun() {
        InMemoryMapRunStore store = new InMemoryMapRunStore();
        store.create(RUN, Json.write(Json.parse("""
                {"runId": "%s", "parent": "fan:p", "pipeline": "fan", "token": "t", "arn": "%s", "processorHash": "h", "startedAt": 0,
                 "request": {"Processor": {}, "ExecutionType": "STANDARD", "MaxConcurrency": 1}, "page": {"firstChild": 0, "firstItem": 0},
                 "nextChild": 1, "total": 3, "status": "RUNNING", "reported": false}""".formatted(RUN, ARN))), NOW.plusSeconds(3600));
        return store;
    }

    /** A host with no executions yet. */
    private static final class NoExecutions extends ReadOnlyExecutionControl {
        @Override
        protected List<ExecutionSummary> listed() {
            return List.of();
        }

        @Override
        public Optional<ExecutionSummary> summary(String executionId) {
            return Optional.empty();
        }

        @Override
        public Optional<List<JsonNode>> history(String executionId, int from, int limit) {
            return Optional.empty();
        }
    }
}
