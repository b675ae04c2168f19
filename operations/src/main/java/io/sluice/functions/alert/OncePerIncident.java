package io.sluice.functions.alert;

import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.IdempotencyStore;
import java.time.Clock;
import java.time.Duration;

/**
 * Fires each incident once for {@code quietPeriod}: the incident key is claimed in the idempotency
 * store (Redis in a deployment) before the sink is called and completed after it. A sink that
 * throws leaves the claim to lapse after {@code lease}, so the alert's next attempt fires it; a
 * repeat within the quiet period is dropped.
 */
public final class OncePerIncident implements AlertSink {
    private static final String KEY_PREFIX = "alert/";

    private final AlertSink sink;
    private final IdempotencyStore claims;
    private final Clock clock;
    private final Duration quietPeriod;
    private final Duration lease;
    private final String owner;
    private final RandomSource random;

    /** @param random where each firing's claim owner is drawn from, so two firings never share one */
    public OncePerIncident(AlertSink sink, IdempotencyStore claims, Clock clock, Duration quietPeriod, Duration lease, String owner,
                           RandomSource random) {
        this.random = java.util.Objects.requireNonNull(random, "random");
        this.sink = sink;
        this.claims = claims;
        this.clock = clock;
        this.quietPeriod = quietPeriod;
        this.lease = lease;
        this.owner = owner;
    }

    @Override
    public void fire(Alert alert) {
        String key = KEY_PREFIX + alert.incidentKey();
        String me = owner + "/" + random.uuid();
        if (!(claims.claim(key, me, clock.instant(), lease) instanceof ClaimResult.Claimed)) {
            return;
        }
        sink.fire(alert);
        claims.complete(key, me, "fired", clock.instant(), quietPeriod);
    }
}
