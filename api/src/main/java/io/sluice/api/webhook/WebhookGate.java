package io.sluice.api.webhook;

import io.sluice.orchestration.port.ReplayGuard;
import java.time.Clock;
import java.time.Duration;

/**
 * Lets a signed webhook request through once: a valid signature within the tolerance window, never
 * seen before. The signature is remembered (in Redis) for twice the window, the longest a request
 * could still pass the timestamp check, so every replay inside the window is refused. A signature is
 * remembered only once it is valid, so unsigned junk cannot fill the guard or block a real request;
 * and it is {@link #release released} when the start it let through was not accepted, so the sender's
 * retry of the same request is not answered as a replay.
 */
public final class WebhookGate {
    private final ReplayGuard seen;
    private final Clock clock;

    public WebhookGate(ReplayGuard seen, Clock clock) {
        this.seen = seen;
        this.clock = clock;
    }

    /** How a request fared. */
    public sealed interface Decision {
        /** Let through; {@code mark} is what the guard remembers, for {@link #release}. */
        record Accepted(String mark) implements Decision {}

        record Unauthorized(String reason) implements Decision {}

        record Replayed(String reason) implements Decision {}
    }

    public Decision check(String pipeline, byte[] secret, Duration tolerance, String timestamp, String signature, byte[] body) {
        WebhookSignatures.Verdict verdict = WebhookSignatures.verify(secret, pipeline, timestamp, signature, body, clock.instant(), tolerance);
        return switch (verdict) {
            case WebhookSignatures.Verdict.Refused r -> new Decision.Unauthorized(r.reason());
            case WebhookSignatures.Verdict.Valid v -> {
                String mark = "webhook:" + pipeline + ":" + v.signature();
                yield seen.firstSeen(mark, clock.instant(), tolerance.multipliedBy(2).plusSeconds(1))
                        ? new Decision.Accepted(mark)
                        : new Decision.Replayed("This signed request was received before; a webhook request is accepted once. "
                        + "Send a new request with a new timestamp and signature.");
            }
        };
    }

    /** Forgets a request let through whose start then failed, so that the same request may be sent again. */
    public void release(Decision.Accepted accepted) {
        seen.forget(accepted.mark());
    }
}
