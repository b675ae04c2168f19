package io.sluice.aws.lambda;

import java.util.Map;

/**
 * One SQS record as a handler sees it, without {@code SQSEvent}: the message id, body and string
 * message attributes, how often it was received, the queue it came from, and, for a message moved to
 * a dead-letter queue, the queue it was moved from (SQS's {@code DeadLetterQueueSourceArn}).
 *
 * @param queueArn             the queue Lambda read it from ({@code eventSourceARN})
 * @param deadLetterSourceArn  {@code null} unless SQS moved the message to this (dead-letter) queue
 */
public record SqsRecord(String messageId, String body, Map<String, String> attributes, int receiveCount, String queueArn,
                        String deadLetterSourceArn) {

    public SqsRecord {
        attributes = Map.copyOf(attributes);
    }

    /** The name of the queue Lambda read it from: the last part of its ARN. */
    public String queueName() {
        return nameOf(queueArn);
    }

    /** The name of the queue SQS moved it from, if it did. */
    public String deadLetterSourceName() {
        return nameOf(deadLetterSourceArn);
    }

    private static String nameOf(String arn) {
        return arn == null ? null : arn.substring(arn.lastIndexOf(':') + 1);
    }
}
