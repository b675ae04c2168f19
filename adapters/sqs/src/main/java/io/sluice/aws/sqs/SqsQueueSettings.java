package io.sluice.aws.sqs;

import java.net.URI;
import java.util.Objects;

/**
 * How {@link SqsTaskQueue} reaches SQS. Built by the host (a Spring configuration, a test) from
 * its own properties; nothing here reads the environment.
 *
 * @param endpoint     an SQS-compatible endpoint (ElasticMQ locally); {@code null} for the region's SQS endpoint
 * @param region       the AWS region, such as {@code eu-west-1} (on Lambda, the host passes {@code AWS_REGION})
 * @param credentials  fixed keys for a local server; {@code null} for the SDK's default chain (the
 *                     Lambda execution role, a profile, ...)
 * @param createQueues create a missing queue and its dead-letter queue on first use; when
 *                     {@code false} every queue must already exist (Terraform creates them)
 * @param maxReceives  receives before SQS moves a message to {@code <queue>-dlq}: the
 *                     {@code maxReceiveCount} of the queue's redrive policy
 * @param fifo         FIFO queues ({@code <queue>.fifo}, the default), which give the port's message groups and
 *                     deduplication; {@code false} for standard queues, which give neither (see {@link SqsTaskQueue})
 */
public record SqsQueueSettings(URI endpoint, String region, StaticCredentials credentials, boolean createQueues, int maxReceives,
                               boolean fifo) {

    /** SQS allows a {@code maxReceiveCount} from 1 to 1,000. */
    public static final int MAX_RECEIVE_COUNT_LIMIT = 1000;

    /** FIFO queues. */
    public SqsQueueSettings(URI endpoint, String region, StaticCredentials credentials, boolean createQueues, int maxReceives) {
        this(endpoint, region, credentials, createQueues, maxReceives, true);
    }

    /** The same, on FIFO ({@code true}) or standard queues. */
    public SqsQueueSettings withFifo(boolean fifo) {
        return new SqsQueueSettings(endpoint, region, credentials, createQueues, maxReceives, fifo);
    }

    public SqsQueueSettings {
        Objects.requireNonNull(region, "region");
        if (region.isBlank()) {
            throw new IllegalArgumentException("region must name an AWS region, such as eu-west-1");
        }
        if (maxReceives < 1 || maxReceives > MAX_RECEIVE_COUNT_LIMIT) {
            throw new IllegalArgumentException(
                    "maxReceives is " + maxReceives + "; SQS accepts a maxReceiveCount from 1 to " + MAX_RECEIVE_COUNT_LIMIT);
        }
    }

    /** Queues that Terraform created, in {@code region}, reached with the default credentials chain. */
    public static SqsQueueSettings aws(String region, int maxReceives) {
        return new SqsQueueSettings(null, region, null, false, maxReceives);
    }

    /** A local SQS-compatible server that accepts any keys; queues are created on first use. */
    public static SqsQueueSettings local(URI endpoint, String region, int maxReceives) {
        Objects.requireNonNull(endpoint, "endpoint");
        return new SqsQueueSettings(endpoint, region, new StaticCredentials("local", "local"), true, maxReceives);
    }

    /** An access key pair, meant for local servers. */
    public record StaticCredentials(String accessKeyId, String secretAccessKey) {
        public StaticCredentials {
            Objects.requireNonNull(accessKeyId, "accessKeyId");
            Objects.requireNonNull(secretAccessKey, "secretAccessKey");
        }

        /** Never prints the secret. */
        @Override
        public String toString() {
            return "StaticCredentials[accessKeyId=" + accessKeyId + ", secretAccessKey=***]";
        }
    }
}
