package io.sluice.functions.orchestrator;

import java.time.Instant;

/**
 * The schedule part of {@link ScheduleTick}: fires the pipeline schedules due at a time. The triggers module's
 * {@code trigger.schedule.ScheduleFirer} is the one implementation; this port keeps the runtime protocol free of cron,
 * overlap and catch-up rules, and lets those live with the other triggers.
 */
@FunctionalInterface
public interface DueSchedules {

    /** What one firing did; the tick's {@link ScheduleTick.Report} carries it as it is (its text is in the tick's answer). */
    interface Fired {
        /** The executions this firing started. */
        int started();

        /** How late each started fire was: when it started less the time it was scheduled for (none by default). */
        default java.util.List<java.time.Duration> startLags() {
            return java.util.List.of();
        }
    }

    /** Fires everything due at {@code now}. */
    Fired tick(Instant now);
}
