package io.sluice.aws.scheduler;

import io.sluice.functions.trigger.schedule.OverlapPolicy;
import io.sluice.functions.trigger.schedule.ScheduleKey;
import java.util.Objects;

/**
 * One schedule a deployment wants: which pipeline (and, for a pipeline with several, which labelled schedule),
 * when ({@code rate(...)}, EventBridge {@code cron(...)} or five-field cron, in {@code timezone}), and what a fire
 * does while the previous scheduled run is still going. What a pipeline's {@code <id>.pipeline.json}
 * {@code schedule} says, one entry per schedule.
 */
public record PipelineSchedule(ScheduleKey key, String expression, String timezone, OverlapPolicy overlap) {
    public PipelineSchedule {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(expression, "expression");
        timezone = timezone == null || timezone.isBlank() ? "UTC" : timezone;
        overlap = overlap == null ? OverlapPolicy.SKIP : overlap;
    }

    /** An unlabelled schedule of {@code pipeline}, skipping fires while its last scheduled run is RUNNING. */
    public static PipelineSchedule of(String pipeline, String expression, String timezone) {
        return new PipelineSchedule(ScheduleKey.of(pipeline), expression, timezone, OverlapPolicy.SKIP);
    }
}
