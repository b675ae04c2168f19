package io.sluice.aws.publish;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.Publisher;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * {@link Publisher} on the real AWS services ({@link AwsPublishTargets}), idempotent by message id as the port
 * asks although SNS, SQS and EventBridge standard targets are not: the publish of an id is a claim in the
 * {@link IdempotencyStore} — the first caller sends, records what it sent in the {@code ledger} and completes the
 * claim with the receipt; a caller that finds it completed returns that receipt and sends nothing; one that finds
 * it in progress waits for it, up to the lease. A process that dies between the send and the completion leaves
 * the lease to expire, and the next run sends again: at least once, as the services themselves deliver.
 * {@link #read} reads the ledger — what this deployment published to the target — since neither SNS nor
 * EventBridge can be read back.
 */
public final class AwsServicePublisher implements Publisher {
    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final Duration RETENTION = Duration.ofDays(7);
    private static final long WAIT_STEP_MS = 20;

    private final AwsPublishTargets targets;
    private final IdempotencyStore claims;
    private final Publisher ledger;
    private final Clock clock;
    private final String owner;

    public AwsServicePublisher(AwsPublishTargets targets, IdempotencyStore claims, Publisher ledger, Clock clock, String owner) {
        this.targets = targets;
        this.claims = claims;
        this.ledger = ledger;
        this.clock = clock;
        this.owner = owner;
    }

    @Override
    public Published publish(String namespace, Target target, Message message) {
        String key = "publish:" + Json.write(Json.NODES.arrayNode().add(namespace).add(target.kind().name()).add(target.name()).add(message.id()));
        String claimant = owner + ":" + Thread.currentThread().threadId();
        while (true) {
            switch (claims.claim(key, claimant, clock.instant(), LEASE)) {
                case ClaimResult.Completed c -> {
                    return receipt(c.result());
                }
                case ClaimResult.Busy b -> pause();
                case ClaimResult.Claimed c -> {
                    targets.send(target, message);
                    Published published = ledger.publish(namespace, target, message);
                    claims.complete(key, claimant, Json.write(Json.object().put("id", published.messageId())
                            .put("position", published.position())), clock.instant(), RETENTION);
                    return published;
                }
            }
        }
    }

    @Override
    public List<Delivered> read(String namespace, Target target, String after, int max) {
        return ledger.read(namespace, target, after, max);
    }

    private static Published receipt(String result) {
        var r = Json.parse(result);
        return new Published(r.get("id").asText(), r.get("position").asText());
    }

    /** Another run of the same task is sending this message: wait a moment for its receipt. */
    private static void pause() {
        try {
            Thread.sleep(WAIT_STEP_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while another run published the same message", e);
        }
    }
}
