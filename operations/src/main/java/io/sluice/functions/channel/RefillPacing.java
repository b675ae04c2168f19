package io.sluice.functions.channel;

import io.sluice.functions.priority.Priority;
import java.time.Duration;
import java.util.Map;

/**
 * Spreads a lower channel's task starts over its tasks' duration, so the tasks in flight do not end together.
 *
 * <p>Without it, a channel at its concurrency limit refills every slot the moment it frees: tasks of equal length
 * that start together end together, and their results reach the store in one wave that a P0 start made at that
 * moment queues behind. Paced, a channel starts its next task no sooner than {@code share × d / limit} after the last
 * one, {@code d} the moving average of its tasks' durations and {@code limit} its concurrency limit, capped at
 * {@code maxGap}. At {@code share} 0.8 that is a quarter faster than the limit lets the channel run at steady state,
 * so pacing spreads the starts without lowering a channel's throughput. A channel may start as many tasks at once as
 * gaps have passed since its next start was due ({@link #allowance}): one at a time when the gap is longer than a take,
 * a whole batch when its tasks are short. P0 is never paced. Per process: the limits
 * across processes stay with {@link ChannelLimits}; this only smooths one consumer's starts.
 *
 * <p>{@link #ended} may be called from any thread; the rest by the one poller.
 */
final class RefillPacing {
    /** The part of a task's share of the limit between two starts. */
    static final double SHARE = 0.8;
    /** The weight of the newest duration in the moving average. */
    static final double WEIGHT = 0.2;

    private final Map<Priority, Integer> limits;
    private final long maxGapNanos;
    private final boolean enabled;
    private final double[] averageNanos = new double[Priority.values().length];
    private final long[] nextStartNanos = new long[Priority.values().length];
    private final boolean[] started = new boolean[Priority.values().length];

    /**
     * @param limits  each channel's concurrency limit
     * @param enabled {@code false}: never paces (every start is due at once)
     * @param maxGap  the longest gap between two starts of one channel
     */
    RefillPacing(Map<Priority, Integer> limits, boolean enabled, Duration maxGap) {
        this.limits = Map.copyOf(limits);
        this.enabled = enabled;
        this.maxGapNanos = maxGap.toNanos();
    }

    /** The gap between two starts of {@code p} now: 0 for P0, before any of its tasks ended, or unpaced. */
    synchronized long gapNanos(Priority p) {
        if (!enabled || p == Priority.P0 || averageNanos[p.ordinal()] == 0) {
            return 0;
        }
        return Math.min(maxGapNanos, (long) (SHARE * averageNanos[p.ordinal()] / limits.get(p)));
    }

    /** How many tasks {@code p} may start at {@code nowNanos}, at most {@code max}: one, and one more per gap passed since it was due. */
    int allowance(Priority p, long nowNanos, int max) {
        long gap = gapNanos(p);
        synchronized (this) {
            if (gap == 0 || !started[p.ordinal()]) {
                return max;
            }
            long late = nowNanos - nextStartNanos[p.ordinal()];
            return late < 0 ? 0 : (int) Math.min(max, 1 + late / gap);
        }
    }

    /** How long until {@code p} may start a task, 0 if it may now. */
    synchronized long dueInNanos(Priority p, long nowNanos) {
        return started[p.ordinal()] ? Math.max(0, nextStartNanos[p.ordinal()] - nowNanos) : 0;
    }

    /** {@code count} tasks of {@code p} started at {@code nowNanos}: the next may start a gap each later, and not before now. */
    void started(Priority p, long nowNanos, int count) {
        long gap = gapNanos(p);
        synchronized (this) {
            int i = p.ordinal();
            long from = started[i] ? nextStartNanos[i] : nowNanos;
            started[i] = true;
            nextStartNanos[i] = Math.max(from + count * gap, nowNanos);
        }
    }

    /** A task of {@code p} ended after {@code durationNanos}. */
    synchronized void ended(Priority p, long durationNanos) {
        int i = p.ordinal();
        double d = Math.max(0, durationNanos);
        averageNanos[i] = averageNanos[i] == 0 ? Math.max(1, d) : averageNanos[i] + WEIGHT * (d - averageNanos[i]);
    }
}
