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
 * @param delayedQueue with FIFO queues, the one standard queue every delayed message waits in, carrying the queue it is
 *                     for (a deployment's {@code <prefix>-delayed}); {@code null}: each FIFO queue {@code q} has its own
 *                     companion {@code q-delayed}
 */
public record SqsQueueSettings(URI endpoint, String region, StaticCredentials credentials, boolean createQueues, int maxReceives,
                               boolean fifo, String delayedQueue) {

    /** SQS allows a {@code maxReceiveCount} from 1 to 1,000. */
    public static final int MAX_RECEIVE_COUNT_LIMIT = 1000;

    /** FIFO queues, each with its own {@code -delayed} companion. */
    public SqsQueueSettings(URI endpoint, String region, StaticCredentials credentials, boolean createQueues, int maxReceives) {
        this(endpoint, region, credentials, createQueues, maxReceives, true);
    }

    /** FIFO ({@code true}, each queue with its own {@code -delayed} companion) or standard queues. */
    public SqsQueueSettings(URI endpoint, String region, StaticCredentials credentials, boolean createQueues, int maxReceives,
                            boolean fifo) {
        this(endpoint, region, credentials, createQueues, maxReceives, fifo, null);
    }

    /** The same, on FIFO ({@code true}) or standard queues. */
    public SqsQueueSettings withFifo(boolean fifo) {
        return new SqsQueueSettings(endpoint, region, credentials, createQueues, maxReceives, fifo, delayedQueue);
    }

    /**
     * The same, with every delayed message of every FIFO queue waiting in the one standard queue {@code name} (which must
     * end in {@value SqsQueueUrls#DELAYED_SUFFIX}), instead of a companion per queue.
     */
    public SqsQueueSettings withDelayedQueue(String name) {
        return new SqsQueueSettings(endpoint, region, credentials, createQueues, maxReceives, fifo, Objects.requireNonNull(name, "name"));
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
        if (delayedQueue != null && !(delayedQueue.endsWith(SqsQueueUrls.DELAYED_SUFFIX) && delayedQueue.length() > SqsQueueUrls.DELAYED_SUFFIX.length())) {
            throw new IllegalArgumentException("delayedQueue is '" + delayedQueue + "'; expected a standard queue name ending in "
                    + SqsQueueUrls.DELAYED_SUFFIX + ", such as sluice" + SqsQueueUrls.DELAYED_SUFFIX);
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
