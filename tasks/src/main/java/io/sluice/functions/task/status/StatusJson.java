package io.sluice.functions.task.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.task.jobs.JobRunJson;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Optional;

/** A status row from and to the JSON of write-status's input and output. */
final class StatusJson {
    static final String INVALID = "Status.InvalidRequest";

    private StatusJson() {}

    /** The row an input describes; {@code now} fills {@code started} of a RUNNING row and {@code ended} of a final one. */
    static StatusRecord read(JsonNode in, Instant now) {
        RunState state = state(in);
        Instant started = instant(in, "started");
        Instant ended = instant(in, "ended");
        if (state == RunState.RUNNING && started == null) {
            started = now;
        }
        if (state.terminal() && ended == null) {
            ended = now;
        }
        JsonNode redrives = in.path("redriveCount");
        if (!redrives.isMissingNode() && !redrives.isNull() && !(redrives.canConvertToInt() && redrives.isIntegralNumber() && redrives.asInt() >= 0)) {
            throw invalid("'redriveCount' must be a whole number, 0 or more.");
        }
        JobRuns runs = JobRuns.read(in.get("jobRuns"));
        Optional<JobRunJson.Described> failedRun = failedRun(in.get("error"));
        String jobLog = text(in, "jobLogUrl", false);
        if (jobLog == null) {
            jobLog = failedRun.map(JobRunJson.Described::logLocation).orElseGet(runs::lastLog);
        }
        Long rowsIn = count(in, "rowsIn");
        Long rowsOut = count(in, "rowsOut");
        return new StatusRecord(text(in, "executionId", true), text(in, "pipeline", true), text(in, "partition", false),
                state, redrives.asInt(0), started, ended, rowsIn == null ? runs.firstRowsWritten() : rowsIn,
                rowsOut == null ? runs.lastRowsWritten() : rowsOut,
                error(in.get("error"), failedRun), text(in, "configHash", false), jobLog);
    }

    /** The job run a Catch's {@code {"Error", "Cause"}} describes, when the cause is a job run (glue-launch's failure). */
    private static Optional<JobRunJson.Described> failedRun(JsonNode error) {
        return error != null && error.isObject() && error.path("Cause").isTextual()
                ? JobRunJson.fromCause(error.get("Cause").asText()) : Optional.empty();
    }

    static ObjectNode write(StatusRecord r) {
        ObjectNode out = Json.object().put("executionId", r.executionId()).put("pipeline", r.pipeline())
                .put("partition", r.partition()).put("state", r.state().name()).put("redriveCount", r.redriveCount())
                .put("started", r.started() == null ? null : r.started().toString())
                .put("ended", r.ended() == null ? null : r.ended().toString());
        out.put("rowsIn", r.rowsIn()).put("rowsOut", r.rowsOut());
        return out.put("error", r.error()).put("configHash", r.configHash()).put("jobLogUrl", r.jobLogUrl());
    }

    private static RunState state(JsonNode in) {
        String state = text(in, "state", true);
        try {
            return RunState.valueOf(state);
        } catch (IllegalArgumentException e) {
            throw invalid("'state' must be one of " + Arrays.toString(RunState.values()) + ", not '" + state + "'.");
        }
    }

    private static String text(JsonNode in, String field, boolean required) {
        JsonNode value = in == null ? null : in.get(field);
        if (value == null || value.isNull()) {
            if (required) {
                throw invalid("'" + field + "' is required. Expected input: {\"executionId\": ..., \"pipeline\": ...,"
                        + " \"partition\": ..., \"state\": \"RUNNING\" | \"SUCCEEDED\" | \"FAILED\" | ..., \"started\", \"ended\","
                        + " \"rowsIn\", \"rowsOut\", \"error\", \"configHash\", \"jobLogUrl\", \"jobRuns\", \"redriveCount\"}.");
            }
            return null;
        }
        if (!value.isTextual() || value.asText().isBlank()) {
            throw invalid("'" + field + "' must be a non-blank string, not " + Json.typeName(value) + ".");
        }
        return value.asText();
    }

    private static Instant instant(JsonNode in, String field) {
        String text = text(in, field, false);
        try {
            return text == null ? null : Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw invalid("'" + field + "' must be an ISO-8601 instant such as 2026-11-29T06:00:00Z, not '" + text + "'.");
        }
    }

    private static Long count(JsonNode in, String field) {
        JsonNode value = in.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong() || value.asLong() < 0) {
            throw invalid("'" + field + "' must be a whole number, 0 or more.");
        }
        return value.asLong();
    }

    /**
     * A string, or the {@code {"Error", "Cause"}} object a Catch puts at its ResultPath; a job run's cause reads
     * as its sentence (the row links the run's log).
     */
    private static String error(JsonNode error, Optional<JobRunJson.Described> failedRun) {
        if (error == null || error.isNull()) {
            return null;
        }
        if (error.isTextual()) {
            return error.asText();
        }
        if (error.isObject() && error.path("Error").isTextual()) {
            String cause = failedRun.map(JobRunJson.Described::sentence).orElse(error.path("Cause").asText(""));
            return cause.isEmpty() ? error.get("Error").asText() : error.get("Error").asText() + ": " + cause;
        }
        throw invalid("'error' must be a string or an object with 'Error' and 'Cause', as a Catch records it.");
    }

    static TaskError invalid(String cause) {
        return new TaskError(INVALID, "write-status: " + cause, false);
    }
}
