package io.sluice.functions.channel;

import io.sluice.functions.priority.Priority;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.port.ConcurrencyLimiter;
import io.sluice.orchestration.port.RateLimiter;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The limits a task is admitted under, held across processes: its channel's, its pipeline's and its
 * tenant's concurrency (one slot of each, all or none, in the {@link ConcurrencyLimiter}) and, where set,
 * their rates (a permit of each {@link RateLimiter} bucket). The pipeline is the runtime's (from the
 * execution id), the tenant the tenants file's; neither comes from a payload.
 */
public final class ChannelLimits {
    /** How long a task refused for concurrency waits before it is offered again. */
    static final Duration FULL_RETRY = Duration.ofMillis(200);

    private final ConcurrencyLimiter slots;
    private final RateLimiter rates;
    private final Tenancy tenancy;
    private final ChannelSettings settings;

    public ChannelLimits(ConcurrencyLimiter slots, RateLimiter rates, Tenancy tenancy, ChannelSettings settings) {
        this.slots = slots;
        this.rates = rates;
        this.tenancy = tenancy;
        this.settings = settings;
    }

    public ChannelSettings settings() {
        return settings;
    }

    /** The key of a channel's slots and bucket. */
    public static String channelKey(Priority p) {
        return "channel:" + p.name();
    }

    public static String pipelineKey(String pipeline) {
        return "pipeline:" + pipeline;
    }

    public static String tenantKey(String tenant) {
        return "tenant:" + tenant;
    }

    /** Admitted (holding {@code keys} for {@code holder}) or refused, with how long to wait and whether the channel itself was full. */
    public sealed interface Admission {
        record Admitted(List<String> keys, String holder) implements Admission {}

        record Refused(Duration retryAfter, boolean channelFull, String why) implements Admission {}
    }

    /** Admits one task of {@code pipeline} on channel {@code priority} for {@code holder} (one per delivery). */
    public Admission admit(Priority priority, String pipeline, String holder, Instant now) {
        List<ConcurrencyLimiter.Slot> wanted = new ArrayList<>(3);
        List<RateLimitKey> buckets = new ArrayList<>(3);
        add(channelKey(priority), settings.channels().get(priority), wanted, buckets);
        add(pipelineKey(pipeline), settings.perPipeline(), wanted, buckets);
        Optional<String> tenant = tenancy.tenantOf(pipeline);
        tenant.ifPresent(t -> add(tenantKey(t), settings.perTenant(), wanted, buckets));
        for (RateLimitKey b : buckets) {
            RateLimiter.Decision d = rates.tryAcquire(b.key(), b.limit(), now);
            if (!d.granted()) {
                return new Admission.Refused(d.retryAfter(), b.key().equals(channelKey(priority)), "rate of " + b.key());
            }
        }
        ConcurrencyLimiter.Held held = slots.tryHold(wanted, holder, now, settings.lease());
        if (!held.granted()) {
            return new Admission.Refused(FULL_RETRY, held.full().equals(channelKey(priority)), "concurrency of " + held.full());
        }
        return new Admission.Admitted(wanted.stream().map(ConcurrencyLimiter.Slot::key).toList(), holder);
    }

    /** Gives back an admitted task's slots (its rate permits are spent). */
    public void release(Admission.Admitted admitted) {
        slots.release(admitted.keys(), admitted.holder());
    }

    private static void add(String key, ChannelSettings.Limits limits, List<ConcurrencyLimiter.Slot> wanted, List<RateLimitKey> buckets) {
        wanted.add(new ConcurrencyLimiter.Slot(key, limits.concurrency()));
        if (limits.rate() != null) {
            buckets.add(new RateLimitKey(key, limits.rate()));
        }
    }

    private record RateLimitKey(String key, RateLimiter.Limit limit) {}
}
