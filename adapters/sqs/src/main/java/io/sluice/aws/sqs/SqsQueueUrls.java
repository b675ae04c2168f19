package io.sluice.aws.sqs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;
import software.amazon.awssdk.services.sqs.model.QueueDoesNotExistException;

/**
 * Maps queue names to queue URLs, once per name: finds the queue, checks that its redrive policy
 * matches what the {@link SqsTaskQueue} promises, and creates it (with its dead-letter queue)
 * when allowed to.
 *
 * <p>A name ending in {@value #DLQ_SUFFIX} is a dead-letter queue: it is created without a
 * redrive policy of its own. On FIFO queues every name maps to {@code <name>.fifo} (a FIFO
 * queue's dead-letter queue must be FIFO too), except a name ending in {@value #DELAYED_SUFFIX}:
 * that is a FIFO queue's standard companion for delayed messages, since FIFO queues take no
 * per-message delay.
 */
final class SqsQueueUrls {
    static final String DLQ_SUFFIX = "-dlq";
    static final String DELAYED_SUFFIX = "-delayed";
    static final String FIFO_SUFFIX = ".fifo";

    /** SQS: up to 80 letters, digits, hyphens and underscores (standard queues; FIFO names end in .fifo). */
    private static final Pattern QUEUE_NAME = Pattern.compile("[A-Za-z0-9_-]{1,80}");
    private static final int MAX_MAIN_NAME = 80 - DLQ_SUFFIX.length();

    /**
     * SQS keeps a redriven message's original enqueue time, so its retention clock does not restart
     * in the dead-letter queue: give the dead-letter queue the longest retention there is.
     */
    private static final String DLQ_RETENTION_SECONDS = String.valueOf(Duration.ofDays(14).toSeconds());

    private final SqsClient sqs;
    private final boolean createQueues;
    private final int maxReceives;
    private final boolean fifo;
    private final ObjectMapper json = new ObjectMapper();
    private final ConcurrentMap<String, String> urls = new ConcurrentHashMap<>();

    SqsQueueUrls(SqsClient sqs, boolean createQueues, int maxReceives, boolean fifo) {
        this.sqs = sqs;
        this.fifo = fifo;
        this.createQueues = createQueues;
        this.maxReceives = maxReceives;
    }

    static String deadLetterQueueOf(String queue) {
        return queue + DLQ_SUFFIX;
    }

    /** The queue's URL, resolved (and created, if configured) on first use. */
    String urlOf(String queue) {
        String known = urls.get(queue);
        return known != null ? known : urls.computeIfAbsent(queue, this::resolve);
    }

    /** The SQS queue name of {@code queue}. */
    String physical(String queue) {
        return fifo && !queue.endsWith(DELAYED_SUFFIX) ? queue + FIFO_SUFFIX : queue;
    }

    private String resolve(String logical) {
        boolean deadLetter = logical.endsWith(DLQ_SUFFIX);
        checkName(logical, deadLetter);
        String queue = physical(logical);
        if (fifo && logical.endsWith(DELAYED_SUFFIX)) {
            return find(queue).orElseGet(() -> create(queue, Map.of()));
        }
        Optional<String> existing = find(queue);
        if (existing.isPresent()) {
            if (!deadLetter) {
                checkRedrivePolicy(logical, existing.get());
            }
            return existing.get();
        }
        if (!createQueues) {
            throw new IllegalStateException("SQS queue '" + queue + "' does not exist. Create it"
                    + (deadLetter ? "" : " with a redrive policy to '" + physical(deadLetterQueueOf(logical)) + "' after " + maxReceives + " receives")
                    + ", or enable createQueues in SqsQueueSettings.");
        }
        return deadLetter ? createDeadLetterQueue(queue) : createWithDeadLetterQueue(logical);
    }

    private void checkName(String queue, boolean deadLetter) {
        if (!QUEUE_NAME.matcher(queue).matches()) {
            throw new IllegalArgumentException("'" + queue + "' is not a standard SQS queue name: use 1 to 80 letters, "
                    + "digits, hyphens and underscores");
        }
        if (!deadLetter && queue.length() > MAX_MAIN_NAME - (fifo ? FIFO_SUFFIX.length() : 0)) {
            throw new IllegalArgumentException("queue name '" + queue + "' is longer than " + MAX_MAIN_NAME
                    + " characters, which leaves no room for its dead-letter queue '" + deadLetterQueueOf(queue) + "'");
        }
    }

    private Optional<String> find(String queue) {
        try {
            return Optional.of(sqs.getQueueUrl(b -> b.queueName(queue)).queueUrl());
        } catch (QueueDoesNotExistException e) {
            return Optional.empty();
        }
    }

    private String createDeadLetterQueue(String queue) {
        return create(queue, Map.of(QueueAttributeName.MESSAGE_RETENTION_PERIOD, DLQ_RETENTION_SECONDS));
    }

    /** {@code logical}'s queue with its dead-letter queue, both under their SQS names. */
    private String createWithDeadLetterQueue(String logical) {
        String dlq = physical(deadLetterQueueOf(logical));
        String dlqUrl = find(dlq).orElseGet(() -> createDeadLetterQueue(dlq));
        String dlqArn = attribute(dlqUrl, QueueAttributeName.QUEUE_ARN)
                .orElseThrow(() -> new IllegalStateException("SQS returned no QueueArn for " + dlqUrl));
        return create(physical(logical), Map.of(QueueAttributeName.REDRIVE_POLICY, redrivePolicy(dlqArn)));
    }

    /** A queue named {@code queue}; one whose name ends in .fifo is a FIFO queue deduplicating by the ids Sluice sends. */
    private String create(String queue, Map<QueueAttributeName, String> attributes) {
        Map<QueueAttributeName, String> all = new java.util.HashMap<>(attributes);
        if (queue.endsWith(FIFO_SUFFIX)) {
            all.put(QueueAttributeName.FIFO_QUEUE, "true");
            all.put(QueueAttributeName.CONTENT_BASED_DEDUPLICATION, "false");
        }
        return sqs.createQueue(b -> b.queueName(queue).attributes(all)).queueUrl();
    }

    private String redrivePolicy(String deadLetterArn) {
        try {
            return json.writeValueAsString(Map.of(
                    "deadLetterTargetArn", deadLetterArn,
                    "maxReceiveCount", String.valueOf(maxReceives)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a redrive policy", e);
        }
    }

    /** The port promises {@code maxReceives} receives, then {@code <queue>-dlq}: the queue must agree. */
    private void checkRedrivePolicy(String logical, String url) {
        String queue = physical(logical);
        String dlq = physical(deadLetterQueueOf(logical));
        String expected = "a redrive policy to '" + dlq + "' after " + maxReceives + " receives";
        String policy = attribute(url, QueueAttributeName.REDRIVE_POLICY).orElseThrow(() ->
                new IllegalStateException("SQS queue '" + queue + "' has no redrive policy; Sluice expects " + expected + "."));
        JsonNode node;
        try {
            node = json.readTree(policy);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("SQS queue '" + queue + "' has an unreadable redrive policy: " + policy, e);
        }
        String target = node.path("deadLetterTargetArn").asText("");
        int count = node.path("maxReceiveCount").asInt(-1);
        if (!target.endsWith(":" + dlq) || count != maxReceives) {
            throw new IllegalStateException("SQS queue '" + queue + "' has the redrive policy " + policy
                    + ", but this TaskQueue is configured for " + expected
                    + ". Align the queue (Terraform) or SqsQueueSettings.maxReceives.");
        }
    }

    private Optional<String> attribute(String url, QueueAttributeName name) {
        return Optional.ofNullable(sqs.getQueueAttributes(b -> b.queueUrl(url).attributeNames(name)).attributes().get(name));
    }
}
