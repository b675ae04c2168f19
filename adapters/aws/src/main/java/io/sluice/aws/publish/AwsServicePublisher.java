package io.sluice.aws.publish;

import io.sluice.functions.integration.publish.SendOncePublisher;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.Publisher;
import java.time.Clock;
import java.util.List;

/**
 * {@link Publisher} on the real AWS services ({@link AwsPublishTargets}), idempotent by message id as the port
 * asks although SNS, SQS and EventBridge standard targets are not: a {@link SendOncePublisher} (the claim in the
 * {@link IdempotencyStore}, the send, the record in the {@code ledger} that {@link #read} reads, since neither SNS
 * nor EventBridge can be read back) over those services.
 */
public final class AwsServicePublisher implements Publisher {
    private final SendOncePublisher publisher;

    public AwsServicePublisher(AwsPublishTargets targets, IdempotencyStore claims, Publisher ledger, Clock clock, String owner) {
        this.publisher = new SendOncePublisher(targets::send, claims, ledger, clock, owner);
    }

    @Override
    public Published publish(String namespace, Target target, Message message) {
        return publisher.publish(namespace, target, message);
    }

    @Override
    public List<Delivered> read(String namespace, Target target, String after, int max) {
        return publisher.read(namespace, target, after, max);
    }
}
