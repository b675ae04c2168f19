package io.sluice.functions.task.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.JobRun;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * A job run in the names of Glue's {@code GetJobRun} ({@code Id}, {@code JobName}, {@code JobRunState},
 * {@code StartedOn}, {@code CompletedOn}, {@code ErrorMessage}, {@code LogLocation}, and Sluice's
 * {@code RowsWritten}): what glue-launch returns, and — as Step Functions' Glue integration does — the
 * {@code Cause} of a failed {@code .sync} run, so a Catch downstream (write-status, an alert) can read the
 * run's error and log link as fields instead of parsing a sentence.
 */
public final class JobRunJson {
    private JobRunJson() {}

    public static ObjectNode describe(JobRun run) {
        ObjectNode o = Json.object();
        o.put("Id", run.runId());
        o.put("JobName", run.jobName());
        o.put("JobRunState", run.state().name());
        if (run.startedOn() != null) o.put("StartedOn", run.startedOn().toString());
        if (run.completedOn() != null) o.put("CompletedOn", run.completedOn().toString());
        if (run.error() != null) o.put("ErrorMessage", run.error());
        if (run.logLocation() != null) o.put("LogLocation", run.logLocation());
        if (run.rowsWritten() != null) o.put("RowsWritten", run.rowsWritten());
        return o;
    }

    /** The run as a one-line JSON text, for a failed task's {@code Cause}. */
    public static String cause(JobRun run) {
        return Json.write(describe(run));
    }

    /**
     * The run a JSON object describes, when it has at least {@code JobName} and {@code JobRunState}; Glue's own
     * {@code LogGroupName} stands in for a missing {@code LogLocation} (as {@code <group>/<Id>}).
     */
    public static Optional<Described> read(JsonNode o) {
        if (o == null || !o.isObject() || !o.path("JobName").isTextual() || !o.path("JobRunState").isTextual()) {
            return Optional.empty();
        }
        String log = text(o, "LogLocation");
        if (log == null && text(o, "LogGroupName") != null && text(o, "Id") != null) {
            log = text(o, "LogGroupName") + "/" + text(o, "Id");
        }
        JsonNode rows = o.path("RowsWritten");
        return Optional.of(new Described(text(o, "Id"), o.get("JobName").asText(), o.get("JobRunState").asText(),
                text(o, "ErrorMessage"), log, rows.isIntegralNumber() && rows.asLong() >= 0 ? rows.asLong() : null,
                instant(o, "StartedOn"), instant(o, "CompletedOn")));
    }

    /** The run a task's {@code Cause} text describes, when it is such a JSON object. */
    public static Optional<Described> fromCause(String cause) {
        if (cause == null || !cause.stripLeading().startsWith("{")) {
            return Optional.empty();
        }
        try {
            return read(Json.parse(cause));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** A cause as a person reads it: a job run's sentence and log, or the cause unchanged. */
    public static String readable(String cause) {
        return fromCause(cause).map(d -> d.sentence() + (d.logLocation() == null ? "" : (d.sentence().endsWith(".") ? "" : ".")
                        + " Its log: " + d.logLocation() + "."))
                .orElse(cause);
    }

    private static String text(JsonNode o, String field) {
        JsonNode v = o.get(field);
        return v == null || !v.isValueNode() || v.isNull() || v.asText().isBlank() ? null : v.asText();
    }

    private static Instant instant(JsonNode o, String field) {
        String t = text(o, field);
        try {
            return t == null ? null : Instant.parse(t);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** A job run read back from its JSON; any field but the job name and state may be {@code null}. */
    public record Described(String runId, String jobName, String state, String errorMessage, String logLocation,
                            Long rowsWritten, Instant startedOn, Instant completedOn) {
        /** {@code Job 'enrich' run jr_1 ended FAILED: <error>.} */
        public String sentence() {
            return "Job '" + jobName + "'" + (runId == null ? "" : " run " + runId) + " ended " + state
                    + (errorMessage == null ? "." : ": " + errorMessage);
        }
    }
}
