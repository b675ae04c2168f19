package io.sluice.api.sfn;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import io.sluice.api.tenant.Caller;



import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.MapRunStore;
import io.sluice.testkit.fake.InMemoryMapRunStore;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Where DescribeMapRun takes a run's {@code executionCounts} and {@code itemCounts} from: the host's map-run store when it
 * keeps the run's record (here the in-memory one; adapters/local's SfnListExecutionsTest and SfnUpdateMapRunTest describe
 * runs of the real coordinator on RedisMapRunStore), else the run's child executions. The shape is the API reference's
 * MapRunExecutionCounts / MapRunItemCounts (https://docs.aws.amazon.com/step-functions/latest/apireference/API_MapRunExecutionCounts.html):
 * ten counts, each required and 0 or more, {@code pending} the children not started yet. The child executions listed here
 * disagree with the store on purpose, so the answer shows which was read.
 */
class DescribeMapRunCountsTest {
    private static final String RUN = "5e0c1a2b-0000-4000-8000-0000000000d4";
    private static final String PARENT = "fan:p";
    private static final String ARN = "arn:aws:states:us-east-1:123456789012:mapRun:fan/Each:" + RUN;
    private static final List<String> MEMBERS = List.of("pending", "running", "succeeded", "failed", "timedOut", "aborted", "total",
            "resultsWritten", "failuresNotRedrivable", "pendingRedrive");

    /** The record as the map-run coordinator writes it (MapRunRecord.encode). */
    private static String record(String parent, String type, long nextChild, long total) {
        return Json.write(Json.parse("""
                {"runId": "%s", "parent": "%s", "pipeline": "fan", "token": "t", "arn": "%s", "processorHash": "h", "startedAt": 0,
                 "request": {"Processor": {}, "ExecutionType": "%s", "MaxConcurrency": 3}, "page": {"firstChild": 0, "firstItem": 0},
                 "nextChild": %d, "total": %d, "status": "RUNNING", "reported": false}""".formatted(RUN, parent, ARN, type, nextChild, total)));
    }

    @Test
    void withTheRunsRecordTheCountsAreTheStoresPendingIncluded() {
        InMemoryMapRunStore store = new InMemoryMapRunStore();
        store.create(RUN, record(PARENT, "STANDARD", 3, 5), Instant.now().plusSeconds(60));
        store.finish(RUN, 0, true, null);
        store.finish(RUN, 1, false, null);

        JsonNode described = describe(store);
        for (String counts : List.of("executionCounts", "itemCounts")) {
            JsonNode c = described.path(counts);
            assertThat(c.properties()).as(counts).extracting(Map.Entry::getKey).containsExactlyInAnyOrderElementsOf(MEMBERS);
            assertThat(c.path("pending").asLong()).as(counts + ".pending: 2 of 5 not started").isEqualTo(2);
            assertThat(c.path("running").asLong()).as(counts + ".running").isEqualTo(1);
            assertThat(c.path("succeeded").asLong()).as(counts + ".succeeded").isEqualTo(1);
            assertThat(c.path("failed").asLong()).as(counts + ".failed").isEqualTo(1);
            assertThat(c.path("total").asLong()).as(counts + ".total").isEqualTo(5);
        }
    }

    @Test
    void whileTheReaderIsNotDoneTheTotalIsWhatStartedAndNothingIsPending() {
        InMemoryMapRunStore store = new InMemoryMapRunStore();
        store.create(RUN, record(PARENT, "STANDARD", 4, -1), Instant.now().plusSeconds(60));
        store.finish(RUN, 2, true, null);

        JsonNode c = describe(store).path("executionCounts");
        assertThat(c.path("pending").asLong()).isZero();
        assertThat(c.path("running").asLong()).isEqualTo(3);
        assertThat(c.path("succeeded").asLong()).isEqualTo(1);
        assertThat(c.path("total").asLong()).isEqualTo(4);
    }

    @Test
    void anExpressRunsChildrenAreCountedAsTheyEnd() {
        InMemoryMapRunStore store = new InMemoryMapRunStore();
        store.create(RUN, record(PARENT, "EXPRESS", 0, 4), Instant.now().plusSeconds(60));
        store.finish(RUN, 0, true, "{}");

        JsonNode c = describe(store).path("executionCounts");
        assertThat(c.path("running").asLong()).as("EXPRESS children are not seen while they run").isZero();
        assertThat(c.path("pending").asLong()).isEqualTo(3);
        assertThat(c.path("succeeded").asLong()).isEqualTo(1);
        assertThat(c.path("total").asLong()).isEqualTo(4);
    }

    @Test
    void withoutAStoreOrARecordOfThisParentTheChildExecutionsAreCounted() {
        InMemoryMapRunStore otherParents = new InMemoryMapRunStore();
        otherParents.create(RUN, record("fan:someone-else", "STANDARD", 5, 5), Instant.now().plusSeconds(60));
        for (MapRunStore store : new MapRunStore[] {null, new InMemoryMapRunStore(), otherParents}) {
            JsonNode c = describe(store).path("executionCounts");
            assertThat(c.properties()).extracting(Map.Entry::getKey).containsExactlyInAnyOrderElementsOf(MEMBERS);
            assertThat(c.path("total").asLong()).isEqualTo(3);
            assertThat(c.path("succeeded").asLong()).isEqualTo(1);
            assertThat(c.path("failed").asLong()).isEqualTo(1);
            assertThat(c.path("timedOut").asLong()).isEqualTo(1);
            assertThat(c.path("pending").asLong()).as("not started is no execution").isZero();
        }
    }

    private static JsonNode describe(MapRunStore store) {
        Map<String, SfnApi.Operation> ops = new HashMap<>();
        new MapRunOperations(new OneMapRun(), null, new Arns("us-east-1", "123456789012"), store, null).register(ops);
        JsonNode out = ops.get("DescribeMapRun").apply(new Caller.Local(), Json.object().put("mapRunArn", ARN));
        assertThat(out.path("mapRunArn").asText()).isEqualTo(ARN);
        assertThat(out.path("status").asText()).isEqualTo("RUNNING");
        return out;
    }

    /** A running execution that started one map run, three of whose child executions ended: succeeded, failed, timed out. */
    private static final class OneMapRun extends io.sluice.api.port.ReadOnlyExecutionControl {
        private static final Instant AT = Instant.parse("2026-12-05T10:00:00Z");
        private static final ExecutionSummary PARENT_RUN = new ExecutionSummary(PARENT, "fan", "p", "RUNNING", "sha256:0f", AT, null);

        @Override
        public Optional<ExecutionSummary> summary(String executionId) {
            return Optional.of(PARENT_RUN).filter(s -> s.executionId().equals(executionId));
        }

        @Override
        public Optional<List<JsonNode>> history(String executionId, int from, int limit) {
            return Optional.of(from > 0 || !executionId.equals(PARENT) ? List.of() : List.of(Json.parse("""
                    {"type": "MAP_RUN_STARTED", "frame": 1, "state": "Each", "at": "2026-12-05T10:00:01Z",
                     "detail": {"mapRunArn": "%s", "request": {"MaxConcurrency": 3}}}""".formatted(ARN))));
        }

        @Override
        protected List<ExecutionSummary> listed() {
            return List.of(new ExecutionSummary("fan:" + RUN + ":0", "fan", RUN + ":0", "SUCCEEDED", "sha256:0f", AT, AT),
                    new ExecutionSummary("fan:" + RUN + ":1", "fan", RUN + ":1", "FAILED", "sha256:0f", AT, AT),
                    new ExecutionSummary("fan:" + RUN + ":2", "fan", RUN + ":2", "TIMED_OUT", "sha256:0f", AT, AT), PARENT_RUN);
        }
    }
}
