package io.sluice.functions.task.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
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
    /** The platform's own call outside any execution (the local function emulator's): trusted with its input. */
    static final TaskContext PLATFORM = TaskContext.outside(IntegrationPattern.REQUEST_RESPONSE, new Owner.Platform(null, null));

    static final Instant NOW = Instant.parse("2026-11-29T06:05:00Z");
    final InMemoryStatusStore store = new InMemoryStatusStore();
    final WriteStatus write = new WriteStatus(store, Clock.fixed(NOW, ZoneOffset.UTC));

    private TaskError failure(String input) {
        return catchThrowableOfType(TaskError.class, () -> write.apply(Json.parse(input), PLATFORM));
    }

    @Test
    void aRunIsRecordedFromStartToEnd() {
        JsonNode started = write.apply(Json.parse("""
                {"executionId": "ex-1", "pipeline": "orders", "partition": "2026-11-29", "state": "RUNNING",
                 "started": "2026-11-29T06:00:00Z", "configHash": "sha256:abc"}"""), PLATFORM);
        assertThat(started.get("applied").asBoolean()).isTrue();
        JsonNode done = write.apply(Json.parse("""
                {"executionId": "ex-1", "pipeline": "orders", "state": "SUCCEEDED", "rowsIn": 120, "rowsOut": 118,
                 "jobLogUrl": "file:///logs/ex-1"}"""), PLATFORM);
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
                + " \"error\": {\"Error\": \"Warehouse.BadData\", \"Cause\": \"line 3: not a number\"}}"), PLATFORM);
        JsonNode late = write.apply(Json.parse("{\"executionId\": \"ex-2\", \"pipeline\": \"orders\", \"state\": \"RUNNING\"}"), PLATFORM);
        assertThat(late.get("applied").asBoolean()).isFalse();
        assertThat(late.get("state").asText()).isEqualTo("FAILED");
        assertThat(late.get("error").asText()).isEqualTo("Warehouse.BadData: line 3: not a number");
    }

    @Test
    void theJobRunsGiveTheLastRunsLogAndTheFirstRunsRowsAsRowsIn() {
        JsonNode done = write.apply(Json.parse("""
                {"executionId": "ex-3", "pipeline": "orders", "state": "SUCCEEDED", "rowsOut": 118, "jobRuns": {
                  "raw": {"Id": "jr_2", "JobName": "orders-raw", "JobRunState": "SUCCEEDED", "StartedOn": "2026-11-29T06:01:00Z",
                          "CompletedOn": "2026-11-29T06:02:00Z", "LogLocation": "/runs/jr_2/log.txt", "RowsWritten": 119},
                  "landing": {"Id": "jr_1", "JobName": "orders-landing", "JobRunState": "SUCCEEDED", "StartedOn": "2026-11-29T06:00:00Z",
                              "CompletedOn": "2026-11-29T06:01:00Z", "LogLocation": "/runs/jr_1/log.txt", "RowsWritten": 120},
                  "note": "not a run"}}"""), PLATFORM);
        assertThat(done.get("jobLogUrl").asText()).isEqualTo("/runs/jr_2/log.txt");
        assertThat(done.get("rowsIn").asLong()).isEqualTo(120);
        assertThat(done.get("rowsOut").asLong()).isEqualTo(118);
    }

    @Test
    void givenValuesWinOverTheJobRuns() {
        JsonNode done = write.apply(Json.parse("""
                {"executionId": "ex-4", "pipeline": "orders", "state": "SUCCEEDED", "rowsIn": 5, "jobLogUrl": "/given",
                 "jobRuns": [{"Id": "jr_1", "JobName": "j", "JobRunState": "SUCCEEDED", "LogLocation": "/runs/jr_1", "RowsWritten": 9}]}"""), PLATFORM);
        assertThat(done.get("jobLogUrl").asText()).isEqualTo("/given");
        assertThat(done.get("rowsIn").asLong()).isEqualTo(5);
    }

    @Test
    void aFailedJobsCauseReadsAsASentenceAndLinksItsLog() {
        JsonNode failed = write.apply(Json.parse("""
                {"executionId": "ex-5", "pipeline": "orders", "state": "FAILED", "error": {"Error": "Glue.JobFailed",
                 "Cause": "{\\"Id\\":\\"jr_9\\",\\"JobName\\":\\"orders-landing\\",\\"JobRunState\\":\\"FAILED\\",\\"ErrorMessage\\":\\"CSV Error on Line: 402\\",\\"LogLocation\\":\\"/runs/jr_9/log.txt\\"}"}}"""), PLATFORM);
        assertThat(failed.get("error").asText()).isEqualTo("Glue.JobFailed: Job 'orders-landing' run jr_9 ended FAILED: CSV Error on Line: 402");
        assertThat(failed.get("jobLogUrl").asText()).isEqualTo("/runs/jr_9/log.txt");
    }

    @Test
    void glueOwnLogGroupStandsInForALogLocation() {
        JsonNode failed = write.apply(Json.parse("""
                {"executionId": "ex-6", "pipeline": "orders", "state": "FAILED", "error": {"Error": "Glue.JobFailed",
                 "Cause": "{\\"Id\\":\\"jr_7\\",\\"JobName\\":\\"x\\",\\"JobRunState\\":\\"FAILED\\",\\"LogGroupName\\":\\"/aws-glue/jobs\\"}"}}"""), PLATFORM);
        assertThat(failed.get("jobLogUrl").asText()).isEqualTo("/aws-glue/jobs/jr_7");
        assertThat(failed.get("error").asText()).isEqualTo("Glue.JobFailed: Job 'x' run jr_7 ended FAILED.");
    }

    @Test
    void aJobRunWithoutAnIdStillReadsAsASentence() {
        JsonNode failed = write.apply(Json.parse("""
                {"executionId": "ex-7", "pipeline": "orders", "state": "FAILED", "error": {"Error": "Glue.JobFailed",
                 "Cause": "{\\"JobName\\":\\"x\\",\\"JobRunState\\":\\"STOPPED\\"}"}}"""), PLATFORM);
        assertThat(failed.get("error").asText()).isEqualTo("Glue.JobFailed: Job 'x' ended STOPPED.");
        assertThat(failed.get("jobLogUrl").isNull()).isTrue();
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
        assertThat(failure("{\"executionId\": \"e\", \"pipeline\": \"p\", \"state\": \"RUNNING\", \"jobRuns\": 3}").getMessage())
                .contains("'jobRuns'");
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
                "{\"executionId\": \"e\", \"pipeline\": \"p\", \"state\": \"RUNNING\"}"), PLATFORM));
        assertThat(e.errorName()).isEqualTo("Status.WriteFailed");
        assertThat(e.retryable()).isTrue();
    }
}
