package io.sluice.functions.task.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.harness.TaskAware;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.StatusStore;
import java.time.Clock;

/**
 * The {@code write-status} task function: records a run's status, timings, counts and error in the
 * status table, one row per execution. Writes never move a row backwards (a late RUNNING leaves
 * SUCCEEDED alone), so a repeated or reordered call is harmless.
 *
 * <p>Input: {@code {"executionId", "pipeline", "partition", "state", "started", "ended", "rowsIn",
 * "rowsOut", "error", "configHash", "jobLogUrl", "jobRuns", "redriveCount"}}; only the first two and
 * {@code state} are required. {@code jobRuns} (the patterns pass {@code "jobRuns.$": "$.runs"}, the
 * glue-launch results by step) fills what is not given: the job log link from the last run, rows in from
 * the first run's rows written, rows out from the last's. A failed job's {@code error}, whose cause is the
 * run as JSON, links that run's log. A definition passes {@code "executionId.$": "$$.Execution.Id"} and
 * {@code "started.$": "$$.Execution.StartTime"}; a missing {@code started} of a RUNNING row and
 * {@code ended} of a final one are the time of the call. {@code error} is a string or the
 * {@code {"Error", "Cause"}} object a Catch records.
 *
 * <p>In an execution, the row is the run's own: {@code pipeline} and {@code executionId} come from the
 * runtime, and an input naming another fails with {@code Sluice.WrongPipeline}.
 *
 * <p>Output: the row as stored, plus {@code applied} (false when the stored row was ahead of this write).
 * Errors: {@code Status.InvalidRequest}; the retryable {@code Status.WriteFailed} when the table cannot be written.
 */
public final class WriteStatus implements TaskAware {
    public static final String NAME = "write-status";

    private final StatusStore store;
    private final Clock clock;

    public WriteStatus(StatusStore store, Clock clock) {
        this.store = store;
        this.clock = clock;
    }

    @Override
    public JsonNode apply(JsonNode input, TaskContext task) {
        StatusRecord record = StatusJson.read(ownRow(input, task), clock.instant());
        StatusStore.Upserted upserted;
        try {
            upserted = store.upsert(record);
        } catch (RuntimeException e) {
            throw new TaskError("Status.WriteFailed", "The status of execution " + record.executionId()
                    + " could not be written: " + e.getMessage(), true, e);
        }
        return StatusJson.write(upserted.row()).put("applied", upserted.applied());
    }

    private static JsonNode ownRow(JsonNode input, TaskContext task) {
        if (task.owner().requireData("write a status row").isPlatform() && task.pipeline() == null) {
            return input; // the platform's own call outside any execution (the local emulator): the row is as given
        }
        String pipeline = task.pipelineFor(NAME, input, "pipeline");
        if (!(input instanceof ObjectNode given)) {
            return input;
        }
        JsonNode execution = input.get("executionId");
        if (execution != null && execution.isTextual() && !execution.asText().equals(task.executionId())) {
            throw new TaskError(TaskContext.WRONG_PIPELINE, NAME + " runs in execution '" + task.executionId() + "', but its input names"
                    + " execution '" + execution.asText() + "'. A run writes only its own status row.", false);
        }
        ObjectNode own = given.deepCopy();
        own.put("pipeline", pipeline).put("executionId", task.executionId());
        return own;
    }
}
