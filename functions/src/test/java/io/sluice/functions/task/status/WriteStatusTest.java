package io.sluice.functions.task.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.testkit.fake.InMemoryStatusStore;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class WriteStatusTest {
    static final Instant NOW = Instant.parse("2026-11-29T06:05:00Z");
    final InMemoryStatusStore store = new InMemoryStatusStore();
    final WriteStatus write = new WriteStatus(store, Clock.fixed(NOW, ZoneOffset.UTC));

    private TaskError failure(String input) {
        return catchThrowableOfType(TaskError.class, () -> write.apply(Json.parse(input)));
    }

    @Test
    void aRunIsRecordedFromStartToEnd() {
        JsonNode started = write.apply(Json.parse("""
                {"executionId": "ex-1", "pipeline": "orders", "partition": "2026-11-29", "state": "RUNNING",
                 "started": "2026-11-29T06:00:00Z", "configHash": "sha256:abc"}"""));
        assertThat(started.get("applied").asBoolean()).isTrue();
        JsonNode done = write.apply(Json.parse("""
                {"executionId": "ex-1", "pipeline": "orders", "state": "SUCCEEDED", "rowsIn": 120, "rowsOut": 118,
                 "jobLogUrl": "file:///logs/ex-1"}"""));
        // Compared as text: Jackson tells an int node from a long node.
        assertThat(Json.write(done)).isEqualTo(Json.write(Json.parse("""
                {"executionId": "ex-1", "pipeline": "orders", "partition": "2026-11-29", "state": "SUCCEEDED", "redriveCount": 0,
                 "started": "2026-11-29T06:00:00Z", "ended": "2026-11-29T06:05:00Z", "rowsIn": 120, "rowsOut": 118,
                 "error": null, "configHash": "sha256:abc", "jobLogUrl": "file:///logs/ex-1", "applied": true}""")));
        assertThat(store.get("ex-1").orElseThrow().state()).isEqualTo(RunState.SUCCEEDED);
    }

    @Test
    void aLateRunningIsNotAppliedAndReportsTheStoredRow() {
        write.apply(Json.parse("{\"executionId\": \"ex-2\", \"pipeline\": \"orders\", \"state\": \"FAILED\","
                + " \"error\": {\"Error\": \"Warehouse.BadData\", \"Cause\": \"line 3: not a number\"}}"));
        JsonNode late = write.apply(Json.parse("{\"executionId\": \"ex-2\", \"pipeline\": \"orders\", \"state\": \"RUNNING\"}"));
        assertThat(late.get("applied").asBoolean()).isFalse();
        assertThat(late.get("state").asText()).isEqualTo("FAILED");
        assertThat(late.get("error").asText()).isEqualTo("Warehouse.BadData: line 3: not a number");
    }

    @Test
    void badInputIsInvalidAndNotRetried() {
        assertThat(failure("{\"pipeline\": \"orders\", \"state\": \"RUNNING\"}")).satisfies(e -> {
            assertThat(e.errorName()).isEqualTo("Status.InvalidRequest");
            assertThat(e.retryable()).isFalse();
            assertThat(e.getMessage()).contains("'executionId' is required");
        });
        assertThat(failure("{\"executionId\": \"e\", \"pipeline\": \"p\", \"state\": \"DONE\"}").getMessage()).contains("SUCCEEDED");
        assertThat(failure("{\"executionId\": \"e\", \"pipeline\": \"p\", \"state\": \"RUNNING\", \"started\": \"yesterday\"}")
                .getMessage()).contains("ISO-8601");
        assertThat(failure("{\"executionId\": \"e\", \"pipeline\": \"p\", \"state\": \"RUNNING\", \"rowsIn\": -1}").getMessage())
                .contains("'rowsIn'");
        assertThat(failure("{\"executionId\": \"e\", \"pipeline\": \"p\", \"state\": \"RUNNING\", \"redriveCount\": 1.5}").getMessage())
                .contains("'redriveCount'");
    }

    @Test
    void aStoreThatFailsIsRetryable() {
        WriteStatus broken = new WriteStatus(new StatusStore() {
            @Override
            public Upserted upsert(StatusRecord record) {
                throw new IllegalStateException("table locked");
            }

            @Override
            public Optional<StatusRecord> get(String executionId) {
                return Optional.empty();
            }

            @Override
            public List<StatusRecord> find(String pipeline, String partition, int limit) {
                return List.of();
            }
        }, Clock.systemUTC());
        TaskError e = catchThrowableOfType(TaskError.class, () -> broken.apply(Json.parse(
                "{\"executionId\": \"e\", \"pipeline\": \"p\", \"state\": \"RUNNING\"}")));
        assertThat(e.errorName()).isEqualTo("Status.WriteFailed");
        assertThat(e.retryable()).isTrue();
    }
}
