package io.sluice.aws.trigger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.functions.trigger.schedule.OverlapPolicy;
import io.sluice.functions.trigger.schedule.ScheduleKey;
import io.sluice.functions.trigger.schedule.ScheduledRuns;
import io.sluice.orchestration.json.Json;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * The {@code scheduled-start} function: one fire of a pipeline's EventBridge Scheduler schedule.
 * The schedule's target input names the pipeline and passes the scheduled time and the schedule's own ARN through
 * Scheduler's context attributes:
 *
 * <pre>{@code
 * {"pipeline": "orders", "scheduledTime": "<aws.scheduler.scheduled-time>", "schedule": "<aws.scheduler.schedule-arn>",
 *  "label": "eod", "overlap": "skip"}
 * }</pre>
 *
 * The pipeline is not taken from the body on its word: the fire starts it only when the schedule it names passes the
 * {@link FireCheck} (enabled, in the deployment's group, targeting this function, with this pipeline, label and overlap
 * in its input); otherwise it is refused ({@code scheduled-start.refused} in the log, and the invocation fails, so
 * Lambda's failure destination and the alert see it).
 *
 * {@code label} (for a pipeline with several schedules) and {@code overlap} ({@code skip}, the default,
 * or {@code allow}) are optional. The execution is named after the scheduled time exactly as the
 * local runtime's firer names it ({@code sched-20261129T0300Z}) and gets the same input, so a retried
 * invocation (Scheduler retries, Lambda retries) starts nothing twice. {@code queue} needs a held fire,
 * which only the schedule index has; it is refused here. The pipeline may be a bundled one or a state machine created through
 * the Step Functions API (the deployment's one {@link ExecutionStarter} finds both): a schedule made for a created machine
 * (Step Functions has no schedules; teams make an EventBridge Scheduler schedule) may target this function with that input,
 * in the deployment's schedule group (the reconciler leaves schedules it did not make alone).
 */
public final class ScheduledStart implements Function<String, String> {
    private static final Logger LOG = Logger.getLogger(ScheduledStart.class.getName());

    private final ExecutionStarter starter;
    private final ScheduledRuns runs;
    private final FireCheck check;

    /**
     * What a fire starts, as a target input says: the pipeline and label, and the overlap ({@code skip} unless given). The
     * fire's body and the schedule's stored input ({@link FireCheck}) are read alike.
     */
    public record Target(ScheduleKey key, OverlapPolicy overlap) {
        public static Target of(JsonNode in) {
            ScheduleKey key = new ScheduleKey(required(in, "pipeline"), in.hasNonNull("label") ? in.get("label").asText() : null);
            return new Target(key, in.hasNonNull("overlap") ? OverlapPolicy.of(in.get("overlap").asText()) : OverlapPolicy.SKIP);
        }
    }

    public ScheduledStart(ExecutionStarter starter, ScheduledRuns runs, FireCheck check) {
        this.starter = starter;
        this.runs = runs;
        this.check = check;
    }

    @Override
    public String apply(String body) {
        JsonNode in = Json.parse(body);
        Target target = Target.of(in);
        ScheduleKey key = target.key();
        OverlapPolicy overlap = target.overlap();
        String pipeline = key.pipeline();
        Instant scheduled;
        try {
            scheduled = Instant.parse(required(in, "scheduledTime")).with(java.time.temporal.ChronoField.NANO_OF_SECOND, 0);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("scheduledTime: expected an ISO-8601 instant such as 2026-11-29T03:00:00Z "
                    + "(Scheduler's <aws.scheduler.scheduled-time>), not '" + in.path("scheduledTime").asText() + "'");
        }
        if (overlap == OverlapPolicy.QUEUE) {
            throw new IllegalArgumentException("overlap: 'queue' needs the schedule index; with EventBridge Scheduler use skip or allow");
        }
        String name = key.executionName(scheduled);
        ObjectNode out = Json.object().put("pipeline", pipeline).put("execution", name);
        String refusal = check.refusal(required(in, "schedule"), target).orElse(null);
        if (refusal != null) {
            LOG.warning(Json.write(out.deepCopy().put("event", "scheduled-start.refused").put("reason", refusal)));
            throw new IllegalArgumentException(refusal);
        }
        if (overlap == OverlapPolicy.SKIP && runs.anyRunning(pipeline, key.namePrefix())) {
            LOG.info(Json.write(out.deepCopy().put("event", "scheduled-start.skipped")));
            return Json.write(out.put("outcome", "skipped"));
        }
        ObjectNode input = Json.object().put("schedule", key.scheduleId()).put("scheduledTime", scheduled.toString());
        String outcome = switch (starter.start(pipeline, name, input)) {
            case StartResult.Started s -> "started";
            case StartResult.Existing e -> "existed";
            case StartResult.Refused r -> "rejected";
        };
        LOG.info(Json.write(out.deepCopy().put("event", "scheduled-start." + outcome)));
        if (outcome.equals("rejected")) {
            throw new IllegalArgumentException("pipeline: no pipeline '" + pipeline + "' is bundled with this deployment or created "
                    + "through its Step Functions API");
        }
        return Json.write(out.put("outcome", outcome));
    }

    private static String required(JsonNode in, String field) {
        JsonNode v = in.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new IllegalArgumentException(field + ": missing; a scheduled-start input is {\"pipeline\": ..., \"scheduledTime\": "
                    + "\"<aws.scheduler.scheduled-time>\", \"schedule\": \"<aws.scheduler.schedule-arn>\"}");
        }
        return v.asText();
    }
}
