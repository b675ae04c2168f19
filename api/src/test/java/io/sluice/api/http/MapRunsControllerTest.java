package io.sluice.api.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import io.sluice.api.tenant.Caller;



import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.MapRunStore;
import io.sluice.testkit.fake.InMemoryMapRunStore;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;

/**
 * Where {@code GET /v1/executions/{id}/map-runs} takes a run's counts from: the host's map-run store when it keeps the
 * run's record (here the in-memory one; adapters/local's ConsoleListingApiTest runs RedisMapRunStore under the real
 * coordinator), else the run's child executions. The children listed here disagree with the store on purpose, so the
 * answer shows which it read.
 */
class MapRunsControllerTest {
    private static final String RUN = "5e0c1a2b-0000-4000-8000-0000000000c3";
    private static final String PARENT = "fan:p";

    @Test
    void withTheRunsRecordTheCountsAreTheStores() {
        InMemoryMapRunStore store = new InMemoryMapRunStore();
        // The record as the map-run coordinator writes it (MapRunRecord.encode): 3 children in all, all started.
        store.create(RUN, Json.write(Json.parse("""
                {"runId": "%s", "parent": "%s", "pipeline": "fan", "token": "t", "arn": "a", "processorHash": "h", "startedAt": 0,
                 "request": {"Processor": {}, "MaxConcurrency": 3}, "page": {"firstChild": 0, "firstItem": 0},
                 "nextChild": 3, "total": 3, "status": "RUNNING", "reported": false}""".formatted(RUN, PARENT))), Instant.now().plusSeconds(60));
        store.finish(RUN, 0, true, null);
        store.finish(RUN, 1, true, null);

        JsonNode children = children(store);
        assertThat(children.path("counted").asText()).isEqualTo("store");
        assertThat(children.path("total").asInt()).isEqualTo(3);
        assertThat(children.path("SUCCEEDED").asInt()).isEqualTo(2);
        assertThat(children.path("FAILED").asInt()).isZero();
        assertThat(children.path("RUNNING").asInt()).isEqualTo(1);
        assertThat(children.path("PENDING").asInt()).isZero();
    }

    @Test
    void withoutAStoreOrARecordTheChildExecutionsAreCounted() {
        for (MapRunStore store : new MapRunStore[] {null, new InMemoryMapRunStore()}) {
            JsonNode children = children(store);
            assertThat(children.path("counted").asText()).isEqualTo("executions");
            assertThat(children.path("total").asInt()).isEqualTo(2);
            assertThat(children.path("SUCCEEDED").asInt()).isEqualTo(1);
            assertThat(children.path("FAILED").asInt()).isEqualTo(1);
            assertThat(children.has("PENDING")).isFalse();
        }
    }

    private static JsonNode children(MapRunStore store) {
        StaticListableBeanFactory beans = new StaticListableBeanFactory();
        if (store != null) {
            beans.addBean("mapRuns", store);
        }
        MapRunsController controller = new MapRunsController(new OneMapRun(), beans.getBeanProvider(MapRunStore.class));
        JsonNode body = (JsonNode) controller.mapRuns(PARENT, new Caller.Local()).getBody();
        assertThat(body.path("mapRuns")).hasSize(1);
        assertThat(body.path("mapRuns").get(0).path("runId").asText()).isEqualTo(RUN);
        return body.path("mapRuns").get(0).path("children");
    }

    /** An execution that started one map run, whose two child executions ended, one of them failed. */
    private static final class OneMapRun extends io.sluice.api.port.ReadOnlyExecutionControl {
        private static final Instant AT = Instant.parse("2026-12-05T10:00:00Z");

        @Override
        public Optional<ExecutionSummary> summary(String executionId) {
            return Optional.of(new ExecutionSummary(PARENT, "fan", "p", "RUNNING", "sha256:0f", AT, null)).filter(s -> s.executionId().equals(executionId));
        }

        @Override
        public Optional<List<JsonNode>> history(String executionId, int from, int limit) {
            return Optional.of(from > 0 ? List.of() : List.of(Json.parse("""
                    {"type": "MAP_RUN_STARTED", "frame": 1, "state": "Each", "at": "2026-12-05T10:00:01Z",
                     "detail": {"mapRunArn": "arn:aws:states:us-east-1:123456789012:mapRun:fan/Each:%s", "request": {"MaxConcurrency": 3}}}"""
                    .formatted(RUN))));
        }

        @Override
        protected List<ExecutionSummary> listed() {
            return List.of(new ExecutionSummary("fan:" + RUN + ":0", "fan", RUN + ":0", "SUCCEEDED", "sha256:0f", AT, AT),
                    new ExecutionSummary("fan:" + RUN + ":1", "fan", RUN + ":1", "FAILED", "sha256:0f", AT, AT),
                    new ExecutionSummary(PARENT, "fan", "p", "RUNNING", "sha256:0f", AT, null));
        }
    }
}
