package io.sluice.api.http;

import io.sluice.orchestration.port.RateLimiter;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * How fast each tenant may start executions: a token bucket per tenant in the host's
 * {@link RateLimiter} (on Redis, shared by every runtime on the same server), so one tenant's flood
 * does not take the orchestrator from the others. The local mode (no tenants) is not limited.
 */
final class TenantStartLimit {
    private final RateLimiter limiter;
    private final Clock clock;
    private final RateLimiter.Limit standard;
    private final Map<String, RateLimiter.Limit> byTenant;

    /** {@code standard} {@code null}: tenants without an entry of their own are not limited. */
    TenantStartLimit(RateLimiter limiter, Clock clock, RateLimiter.Limit standard, Map<String, RateLimiter.Limit> byTenant) {
        this.limiter = limiter;
        this.clock = clock;
        this.standard = standard;
        this.byTenant = Map.copyOf(byTenant);
    }

    static TenantStartLimit of(SluiceApiProperties api, RateLimiter limiter, Clock clock) {
        RateLimiter.Limit standard = api.startsPerSecond() > 0 ? new RateLimiter.Limit(api.startsPerSecond(), api.startsBurst()) : null;
        Map<String, RateLimiter.Limit> byTenant = new java.util.HashMap<>();
        api.tenantStarts().forEach((tenant, l) -> byTenant.put(tenant, new RateLimiter.Limit(l.perSecond(), l.burst())));
        return new TenantStartLimit(limiter, clock, standard, byTenant);
    }

    /** Empty when {@code tenant} may start one more now, else how long until it may. */
    Optional<Duration> wait(String tenant) {
        if (tenant == null) {
            return Optional.empty();
        }
        RateLimiter.Limit limit = byTenant.getOrDefault(tenant, standard);
        if (limit == null) {
            return Optional.empty();
        }
        RateLimiter.Decision decision = limiter.tryAcquire("starts:" + tenant, limit, clock.instant());
        return decision.granted() ? Optional.empty() : Optional.of(decision.retryAfter());
    }
}
