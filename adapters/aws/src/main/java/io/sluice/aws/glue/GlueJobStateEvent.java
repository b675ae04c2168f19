package io.sluice.aws.glue;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.JobRun;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import software.amazon.awssdk.services.glue.model.JobRunState;

/**
 * Glue's "Glue Job State Change" event as EventBridge delivers it (a rule with a Lambda target):
 *
 * <pre>{@code
 * {"version": "0", "detail-type": "Glue Job State Change", "source": "aws.glue", "time": "2026-11-29T06:12:41Z",
 *  "detail": {"jobName": "enrich", "severity": "INFO", "state": "SUCCEEDED", "jobRunId": "jr_3f2a...",
 *             "message": "Job run succeeded"}}
 * }</pre>
 *
 * Glue sends it when a run ends: SUCCEEDED, FAILED, TIMEOUT or STOPPED. The event has no start time and no
 * arguments; the run it describes is what {@link #read} returns, ended at the event's time, with the
 * message as the error of a run that did not succeed.
 */
public final class GlueJobStateEvent {
    public static final String DETAIL_TYPE = "Glue Job State Change";
    public static final String SOURCE = "aws.glue";

    private GlueJobStateEvent() {}

    /** What an event body held. */
    public sealed interface Parsed {
        /** A run that ended. */
        record Ended(JobRun run) implements Parsed {}

        /** A Glue event, but not the end of a run (another detail type, a state that is not final). */
        record Ignored(String why) implements Parsed {}

        /** Not a Glue job state event at all, or one missing what it must have. */
        record Malformed(String why) implements Parsed {}
    }

    public static Parsed read(String body) {
        JsonNode event;
        try {
            event = Json.parse(body);
        } catch (IllegalArgumentException e) {
            return new Parsed.Malformed("the event is not JSON: " + e.getMessage());
        }
        if (event == null || !event.isObject() || !SOURCE.equals(event.path("source").asText())) {
            return new Parsed.Malformed("not an EventBridge event from aws.glue");
        }
        if (!DETAIL_TYPE.equals(event.path("detail-type").asText())) {
            return new Parsed.Ignored("detail-type '" + event.path("detail-type").asText() + "' is not " + DETAIL_TYPE);
        }
        JsonNode detail = event.path("detail");
        String job = text(detail, "jobName");
        String runId = text(detail, "jobRunId");
        String stateName = text(detail, "state");
        if (job == null || runId == null || stateName == null) {
            return new Parsed.Malformed("detail needs jobName, jobRunId and state");
        }
        JobRun.State state = GlueRuns.state(JobRunState.fromValue(stateName));
        if (!state.terminal()) {
            return new Parsed.Ignored("state " + stateName + " is not the end of a run");
        }
        Instant at = time(event.path("time").asText());
        String message = text(detail, "message");
        String error = state == JobRun.State.SUCCEEDED ? null
                : stateName.equals("TIMEOUT") ? "Glue stopped the run at its timeout" + (message == null ? "" : ": " + message)
                : message == null ? "Glue reports the run " + stateName : message;
        return new Parsed.Ended(new JobRun(GlueRunId.started(job, runId).value(), job, null, state, error, null, null, at));
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.get(field);
        return v == null || !v.isTextual() || v.asText().isBlank() ? null : v.asText();
    }

    private static Instant time(String text) {
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    static Optional<JobRun> ended(Parsed parsed) {
        return parsed instanceof Parsed.Ended e ? Optional.of(e.run()) : Optional.empty();
    }
}
