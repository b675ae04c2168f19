package io.sluice.aws.invoke;

import com.amazonaws.services.lambda.runtime.RequestStreamHandler;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;

/**
 * What Lambda's SQS event source mapping does, in process, for tests and the parity suite (which drives the AWS entry
 * points in a JVM of its own): reads each queue of the deployment from the real
 * SQS server (ElasticMQ) in batches of up to ten, hands each batch as Lambda's SQS event to the function subscribed to
 * that queue through its real entry point (the handler its deployment names, {@link LambdaHandlers#of}: one warm instance
 * per function), then deletes the
 * records the function did not report in {@code batchItemFailures}; those stay, reappear after the visibility timeout
 * and, after the redrive policy's receives, SQS moves them to the dead-letter queue, whose function then gets them.
 * A function that throws fails its whole batch. Every delivery is recorded.
 *
 * <p>Subscriptions follow the deployment's queue names: {@code <prefix>-orchestrator.fifo} the orchestrator, each
 * {@code <prefix>-task-<fn>.fifo} the task worker, {@code <prefix>-events.fifo} events, every {@code -dlq} queue the
 * DLQ handler, the delayed queue {@code <prefix>-delayed} (or a {@code -delayed} companion) the delayed forwarder, {@code <prefix>-object-events} (S3's notifications) the
 * object trigger.
 *
 * <p>Not part of a deployment's wiring (no bean uses it): Lambda's own event source mapping does this on AWS.
 */
public final class EventSourceMapping {
    /** One batch handed to a function: its queue, the message ids, those it reported failed. */
    public record Delivery(String function, String queue, List<String> messageIds, List<String> failed, List<String> bodies) {}

    private final SqsClient sqs;
    private final String prefix;
    private final BiConsumer<String, String> environment;
    private final int visibilitySeconds;
    private final Map<String, RequestStreamHandler> warm = new HashMap<>();
    private final List<Delivery> deliveries = new CopyOnWriteArrayList<>();
    private volatile boolean tasksTwice;

    /**
     * @param environment sets a Lambda environment setting (a system property here), as {@code System::setProperty} or a
     *                    test's recorder that restores them afterwards
     */
    public EventSourceMapping(SqsClient sqs, String prefix, BiConsumer<String, String> environment, int visibilitySeconds) {
        this.sqs = sqs;
        this.prefix = prefix;
        this.environment = environment;
        this.visibilitySeconds = visibilitySeconds;
    }

    /** From now on every task batch is delivered twice before its records are deleted: SQS's at-least-once, made certain. */
    public EventSourceMapping deliveringTasksTwice() {
        tasksTwice = true;
        return this;
    }

    public List<Delivery> deliveries() {
        return List.copyOf(deliveries);
    }

    /** One pass over every queue: at most one batch from each. The number of records delivered. */
    public int round() {
        int delivered = 0;
        for (String url : sqs.listQueues(b -> b.queueNamePrefix(prefix + "-")).queueUrls()) {
            String queue = url.substring(url.lastIndexOf('/') + 1);
            String function = subscriber(queue);
            if (function == null) {
                continue;
            }
            List<Message> batch = sqs.receiveMessage(b -> b.queueUrl(url).maxNumberOfMessages(10).waitTimeSeconds(0)
                    .visibilityTimeout(visibilitySeconds).messageAttributeNames("All")
                    .messageSystemAttributeNames(MessageSystemAttributeName.ALL)).messages();
            if (batch.isEmpty()) {
                continue;
            }
            delivered += batch.size();
            String event = event(queue, batch);
            Set<String> failed = invoke(function, event, batch);
            if (tasksTwice && function.equals("task-worker")) {
                deliveries.add(new Delivery(function, queue, batch.stream().map(Message::messageId).toList(), List.copyOf(failed),
                        batch.stream().map(Message::body).toList()));
                failed = invoke(function, event, batch);
            }
            for (Message m : batch) {
                if (!failed.contains(m.messageId())) {
                    sqs.deleteMessage(b -> b.queueUrl(url).receiptHandle(m.receiptHandle()));
                }
            }
            deliveries.add(new Delivery(function, queue, batch.stream().map(Message::messageId).toList(), List.copyOf(failed),
                    batch.stream().map(Message::body).toList()));
        }
        return delivered;
    }

    /** Invokes {@code function} through its warm entry point with {@code event}, as Lambda would. */
    public synchronized JsonNode invoke(String function, String event) {
        RequestStreamHandler invoker = warm.computeIfAbsent(function, f -> {
            environment.accept("spring.cloud.function.definition", f);
            return LambdaHandlers.of(f);
        });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            invoker.handleRequest(new ByteArrayInputStream(event.getBytes(StandardCharsets.UTF_8)), out, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        return text.isBlank() ? Json.NODES.nullNode() : Json.parse(text);
    }

    private Set<String> invoke(String function, String event, List<Message> batch) {
        try {
            JsonNode response = invoke(function, event);
            Set<String> failed = new HashSet<>();
            response.path("batchItemFailures").forEach(f -> failed.add(f.get("itemIdentifier").asText()));
            return failed;
        } catch (RuntimeException e) {
            // A function that throws fails the whole batch, as on Lambda.
            Set<String> all = new HashSet<>();
            batch.forEach(m -> all.add(m.messageId()));
            return all;
        }
    }

    private String subscriber(String queue) {
        if (queue.endsWith("-dlq") || queue.endsWith("-dlq.fifo")) return "dlq-handler";
        if (queue.endsWith("-delayed")) return "delayed-forwarder";
        if (queue.equals(prefix + "-orchestrator.fifo")) return "orchestrator";
        if (queue.equals(prefix + "-events.fifo")) return "events";
        if (queue.startsWith(prefix + "-task-") && queue.endsWith(".fifo")) return "task-worker";
        if (queue.equals(prefix + "-object-events")) return "object-trigger";
        return null;
    }

    /** The SQS event Lambda builds for {@code batch} read from {@code queue}. */
    private static String event(String queue, List<Message> batch) {
        ObjectNode event = Json.object();
        ArrayNode records = event.putArray("Records");
        for (Message m : batch) {
            ObjectNode r = records.addObject();
            r.put("messageId", m.messageId()).put("receiptHandle", m.receiptHandle()).put("body", m.body())
                    .put("md5OfBody", m.md5OfBody()).put("eventSource", "aws:sqs")
                    .put("eventSourceARN", "arn:aws:sqs:us-east-1:000000000000:" + queue).put("awsRegion", "us-east-1");
            ObjectNode attributes = r.putObject("attributes");
            m.attributesAsStrings().forEach(attributes::put);
            attributes.put("ApproximateReceiveCount", m.attributesAsStrings().getOrDefault("ApproximateReceiveCount", "1"));
            ObjectNode messageAttributes = r.putObject("messageAttributes");
            m.messageAttributes().forEach((name, value) -> messageAttributes.putObject(name).put("stringValue", value.stringValue())
                    .put("dataType", value.dataType()));
        }
        return Json.write(event);
    }

    /** Queue names and their message counts, for a failure message. */
    public String describe() {
        List<String> out = new ArrayList<>();
        for (String url : sqs.listQueues(b -> b.queueNamePrefix(prefix + "-")).queueUrls()) {
            Map<String, String> a = sqs.getQueueAttributes(b -> b.queueUrl(url).attributeNamesWithStrings("ApproximateNumberOfMessages",
                    "ApproximateNumberOfMessagesNotVisible")).attributesAsStrings();
            out.add(url.substring(url.lastIndexOf('/') + 1) + "=" + a);
        }
        return String.join(", ", out);
    }
}
