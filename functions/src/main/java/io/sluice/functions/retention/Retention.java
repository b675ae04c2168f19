package io.sluice.functions.retention;

import io.sluice.orchestration.engine.ExecutionStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * How long a finished execution stays in the execution store, and how long its name stays taken.
 *
 * <ul>
 *   <li>A SUCCEEDED execution stays {@code retention} (per pipeline, else the default) after it stopped;
 *       reads go on past that, from the archive.</li>
 *   <li>A FAILED, TIMED_OUT or ABORTED one stays at least {@link #REDRIVE_WINDOW} (14 days, Step
 *       Functions' redrive window), because a redrive needs its state in the store.</li>
 *   <li>Its name stays taken {@code nameReuse} after it stopped (90 days by default: Step Functions
 *       refuses a reused name for 90 days), in the store and then through its retired record, so a start
 *       with a name used inside that window answers "already used" even once the execution is archived.</li>
 * </ul>
 * A RUNNING execution has no deadline: nothing about it is ever removed.
 */
public record Retention(Duration retention, ByPipeline byPipeline, Duration nameReuse) {
    /** A pipeline's own retention, where it declares one ({@code "retention"} in {@code <id>.pipeline.json}). */
    @FunctionalInterface
    public interface ByPipeline {
        Optional<Duration> of(String pipeline);

        ByPipeline NONE = pipeline -> Optional.empty();
    }

    /** Step Functions lets a failed, timed-out or aborted execution be redriven for 14 days. */
    public static final Duration REDRIVE_WINDOW = Duration.ofDays(14);
    /** Step Functions refuses a reused execution name for 90 days. */
    public static final Duration DEFAULT_NAME_REUSE = Duration.ofDays(90);
    /** A day in Redis: enough for the runs an operator looks at, cheap in memory; older reads come from the archive. */
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(1);
    /** {@link #DEFAULT_RETENTION} as every host's {@code sluice.retention} setting defaults to it. */
    public static final String DEFAULT_RETENTION_SETTING = "1d";
    /** {@link #DEFAULT_NAME_REUSE} as every host's {@code sluice.name-reuse} setting defaults to it. */
    public static final String DEFAULT_NAME_REUSE_SETTING = "90d";

    /** Keeps every execution for good (no deadlines), as before retention existed. */
    public static final Retention KEEP = new Retention(null, ByPipeline.NONE, DEFAULT_NAME_REUSE);

    public Retention {
        Objects.requireNonNull(byPipeline, "byPipeline");
        Objects.requireNonNull(nameReuse, "nameReuse");
        if (retention != null && retention.isNegative()) {
            throw new IllegalArgumentException("retention must not be negative, got " + retention);
        }
    }

    public static Retention of(Duration retention) {
        return new Retention(retention, ByPipeline.NONE, DEFAULT_NAME_REUSE);
    }

    /**
     * A deployment's policy, as every host reads it: {@code retention} ({@code sluice.retention}) unless a pipeline's own
     * options say ({@code "retention"} in its {@code <id>.pipeline.json}, through {@code byPipeline}), a name taken for
     * {@code nameReuse} ({@code sluice.name-reuse}).
     */
    public static Retention of(Duration retention, Duration nameReuse, ByPipeline byPipeline) {
        return new Retention(retention, byPipeline, nameReuse);
    }

    public Retention withPipelines(ByPipeline byPipeline) {
        return new Retention(retention, byPipeline, nameReuse);
    }

    public Retention withNameReuse(Duration d) {
        return new Retention(retention, byPipeline, d);
    }

    /** When an execution that stopped at {@code stop} with {@code status} may leave the store; {@code null}: never (or still running). */
    public Instant retainUntil(String pipeline, ExecutionStatus status, Instant stop) {
        if (status == ExecutionStatus.RUNNING || stop == null) {
            return null;
        }
        Duration d = byPipeline.of(pipeline).orElse(retention);
        if (d == null) {
            return null;
        }
        if (status != ExecutionStatus.SUCCEEDED && d.compareTo(REDRIVE_WINDOW) < 0) {
            d = REDRIVE_WINDOW;
        }
        return stop.plus(d);
    }

    /** Until when the name of an execution that stopped at {@code stop} stays taken. */
    public Instant nameReservedUntil(Instant stop) {
        return stop.plus(nameReuse);
    }
}
