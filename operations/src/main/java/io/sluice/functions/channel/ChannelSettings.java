package io.sluice.functions.channel;

import io.sluice.functions.priority.Priority;
import io.sluice.orchestration.port.RateLimiter;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * How the priority channels are consumed: each channel's limits, the limits of one pipeline and of one
 * tenant (across channels), how often a lower channel gets the first turn, and when a channel is under
 * pressure.
 *
 * @param channels       each priority's limits (every priority present)
 * @param perPipeline    the limits of one pipeline's tasks, whatever their channel
 * @param perTenant      the limits of one tenant's tasks
 * @param lowerTurnEvery every this many takes, the order starts at a lower channel (P1, then P2, then P3), so a
 *                       busy P0 never starves them; strict priority otherwise
 * @param pressure       when a channel counts as under pressure, and how often backlogs are looked at
 * @param lease          how long a task's slots are held if it is never released (a crashed worker)
 * @param pacing         whether a lower channel's starts are spread over its tasks' duration ({@link RefillPacing})
 */
public record ChannelSettings(Map<Priority, Limits> channels, Limits perPipeline, Limits perTenant, int lowerTurnEvery,
                              Pressure pressure, Duration lease, Pacing pacing) {
    public ChannelSettings {
        channels = Map.copyOf(channels);
        for (Priority p : Priority.values()) {
            if (!channels.containsKey(p)) {
                throw new IllegalArgumentException("channel limits: expected limits for every priority; " + p + " has none");
            }
        }
        Objects.requireNonNull(perPipeline, "perPipeline");
        Objects.requireNonNull(perTenant, "perTenant");
        Objects.requireNonNull(pressure, "pressure");
        if (lowerTurnEvery < 2) {
            throw new IllegalArgumentException("channels.lower-turn-every: expected at least 2 (a lower channel's first turn every N takes); got "
                    + lowerTurnEvery);
        }
        if (lease == null || !lease.isPositive()) {
            throw new IllegalArgumentException("channels.lease: expected a positive duration; got " + lease);
        }
        Objects.requireNonNull(pacing, "pacing");
    }

    /** These settings with the default pacing. */
    public ChannelSettings(Map<Priority, Limits> channels, Limits perPipeline, Limits perTenant, int lowerTurnEvery,
                           Pressure pressure, Duration lease) {
        this(channels, perPipeline, perTenant, lowerTurnEvery, pressure, lease, Pacing.defaults());
    }

    /** P0 1000 at once, P1 500, P2 200, P3 50; 100 per pipeline, 300 per tenant; no rate limits; a lower turn every 16. */
    public static ChannelSettings defaults() {
        Map<Priority, Limits> c = new EnumMap<>(Priority.class);
        c.put(Priority.P0, new Limits(1000, null));
        c.put(Priority.P1, new Limits(500, null));
        c.put(Priority.P2, new Limits(200, null));
        c.put(Priority.P3, new Limits(50, null));
        return new ChannelSettings(c, new Limits(100, null), new Limits(300, null), 16, Pressure.defaults(), Duration.ofMinutes(5));
    }

    /** These settings with {@code priority}'s limits replaced. */
    public ChannelSettings withChannel(Priority priority, Limits limits) {
        Map<Priority, Limits> c = new EnumMap<>(channels);
        c.put(priority, limits);
        return new ChannelSettings(c, perPipeline, perTenant, lowerTurnEvery, pressure, lease, pacing);
    }

    public ChannelSettings withPipelineAndTenant(Limits pipeline, Limits tenant) {
        return new ChannelSettings(channels, pipeline, tenant, lowerTurnEvery, pressure, lease, pacing);
    }

    public ChannelSettings withPressure(Pressure p) {
        return new ChannelSettings(channels, perPipeline, perTenant, lowerTurnEvery, p, lease, pacing);
    }

    public ChannelSettings withPacing(Pacing p) {
        return new ChannelSettings(channels, perPipeline, perTenant, lowerTurnEvery, pressure, lease, p);
    }

    /**
     * @param enabled whether P1-P3 start their tasks spread over the tasks' duration rather than refilling every
     *                freed slot at once ({@link RefillPacing})
     * @param maxGap  the longest a paced channel waits between two starts
     */
    public record Pacing(boolean enabled, Duration maxGap) {
        public Pacing {
            if (maxGap == null || !maxGap.isPositive()) {
                throw new IllegalArgumentException("channels.refill-pacing-max-gap: expected a positive duration; got " + maxGap);
            }
        }

        /** On, at most 1 s between two starts. */
        public static Pacing defaults() {
            return new Pacing(true, Duration.ofSeconds(1));
        }
    }

    /**
     * @param concurrency at most this many tasks at once, across processes
     * @param rate        at most this rate of task starts, across processes; {@code null} for none
     */
    public record Limits(int concurrency, RateLimiter.Limit rate) {
        public Limits {
            if (concurrency < 1) {
                throw new IllegalArgumentException("a channel's concurrency limit must be at least 1; got " + concurrency);
            }
        }
    }

    /**
     * @param backlog a channel with more receivable messages than this is under pressure
     * @param oldest  so is one whose oldest receivable message has waited longer than this
     * @param every   how often a consumer looks at its channels' backlogs
     */
    public record Pressure(long backlog, Duration oldest, Duration every) {
        public Pressure {
            if (backlog < 1 || oldest == null || !oldest.isPositive() || every == null || !every.isPositive()) {
                throw new IllegalArgumentException("channel pressure: expected a backlog of at least 1 and positive durations; got "
                        + backlog + ", " + oldest + ", " + every);
            }
        }

        public static Pressure defaults() {
            return new Pressure(1000, Duration.ofSeconds(30), Duration.ofSeconds(1));
        }
    }
}
