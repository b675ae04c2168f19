package io.sluice.functions.integration.publish;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.Publisher;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A {@link Publisher} over a cloud's messaging service ({@link Sender}: SNS/SQS/EventBridge on AWS, Service Bus and
 * Event Grid on Azure), idempotent by message id as the port asks although those services' standard targets are
 * not: the publish of an id is a claim in the {@link IdempotencyStore}. The first caller sends, records what it sent
 * in the {@code ledger} (which {@link #read} reads, since topics and event buses cannot be read back) and completes
 * the claim with the receipt; a caller that finds the claim completed returns that receipt and sends nothing; one
 * that finds it in progress waits for it, up to the lease, then fails retryably. A send the service refused gives
 * the claim back, so the retry sends at once. A process that dies between the
 * send and the completion leaves the lease to expire and the next run sends again: at least once, as the services
 * themselves deliver.
 */
public final class SendOncePublisher implements Publisher {
    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final Duration RETENTION = Duration.ofDays(7);
    private static final Duration RELEASED = Duration.ofMillis(1);
    private static final long WAIT_STEP_MS = 20;

    /** Sends one message to the service behind its target; a refusal is thrown (as the service's error where it has a name). */
    @FunctionalInterface
    public interface Sender {
        void send(Target target, Message message);
    }

    private final Sender sender;
    private final IdempotencyStore claims;
    private final Publisher ledger;
    private final Clock clock;
    private final String owner;

    /** @param owner this process, for the claims ({@code lambda-<pid>}, {@code azure-<pid>}) */
    public SendOncePublisher(Sender sender, IdempotencyStore claims, Publisher ledger, Clock clock, String owner) {
        this.sender = sender;
        this.claims = claims;
        this.ledger = ledger;
        this.clock = clock;
        this.owner = owner;
    }

    @Override
    public Published publish(String namespace, Target target, Message message) {
        String key = "publish:" + Json.write(Json.NODES.arrayNode().add(namespace).add(target.kind().name()).add(target.name()).add(message.id()));
        String claimant = owner + ":" + Thread.currentThread().threadId();
        Instant giveUp = clock.instant().plus(LEASE).plus(LEASE);
        while (true) {
            ClaimResult claim = claims.claim(key, claimant, clock.instant(), LEASE);
            switch (claim) {
                case ClaimResult.Completed done -> {
                    var receipt = Json.parse(done.result());
                    return new Published(receipt.get("id").asText(), receipt.get("position").asText());
                }
                case ClaimResult.Claimed mine -> {
                    try {
                        sender.send(target, message);
                    } catch (RuntimeException e) {
                        // Give the claim back (a lease that ends now), so the task's retry sends at once instead of waiting it out.
                        claims.extend(key, claimant, clock.instant(), RELEASED);
                        throw e;
                    }
                    Published published = ledger.publish(namespace, target, message);
                    claims.complete(key, claimant, Json.write(Json.object().put("id", published.messageId())
                            .put("position", published.position())), clock.instant(), RETENTION);
                    return published;
                }
                case ClaimResult.Busy busy -> waitForOtherRun(target, giveUp);
                case ClaimResult.Gone gone -> throw new IllegalStateException("a publish claim is not a task's, so it cannot be gone: " + key);
            }
        }
    }

    @Override
    public List<Delivered> read(String namespace, Target target, String after, int max) {
        return ledger.read(namespace, target, after, max);
    }

    /** Another run of the same task is sending this message: wait a moment for its receipt, not beyond two leases. */
    private void waitForOtherRun(Target target, Instant giveUp) {
        if (clock.instant().isAfter(giveUp)) {
            throw new IllegalStateException("another run has been publishing the same message to " + target.kind() + " " + target.name()
                    + " for longer than its lease; try again");
        }
        try {
            Thread.sleep(WAIT_STEP_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while another run published the same message", e);
        }
    }
}
