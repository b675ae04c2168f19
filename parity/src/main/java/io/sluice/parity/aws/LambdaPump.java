package io.sluice.parity.aws;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.cloud.function.adapter.aws.FunctionInvoker;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;

/**
 * Lambda in process: each function behind its real handler ({@link FunctionInvoker}, one warm instance per function,
 * selected by {@code spring.cloud.function.definition}), and SQS's event source mapping over the deployment's queues on
 * ElasticMQ: a batch of up to ten records as Lambda's SQS event, the records not reported in {@code batchItemFailures}
 * deleted, the others left to come back after the visibility timeout and, after the redrive policy's receives, to reach
 * the dead-letter queue and its function. (The same subscriptions as adapters/aws's EventSourceMapping test helper.)
 */
final class LambdaPump {
    private final SqsClient sqs;
    private final String prefix;
    private final int visibilitySeconds;
    private final Map<String, FunctionInvoker> warm = new HashMap<>();

    LambdaPump(SqsClient sqs, String prefix, int visibilitySeconds) {
        this.sqs = sqs;
        this.prefix = prefix;
        this.visibilitySeconds = visibilitySeconds;
    }

    /** One pass over every queue of the deployment, at most one batch from each; the records delivered. */
    int round() {
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
            Set<String> failed = deliver(function, event(queue, batch), batch);
            for (Message m : batch) {
                if (!failed.contains(m.messageId())) {
                    sqs.deleteMessage(b -> b.queueUrl(url).receiptHandle(m.receiptHandle()));
                }
            }
        }
        return delivered;
    }

    /** Invokes {@code function} with {@code event} through its warm handler, as Lambda would; its JSON answer. */
    synchronized JsonNode invoke(String function, String event) {
        FunctionInvoker invoker = warm.computeIfAbsent(function, f -> {
            System.setProperty("spring.cloud.function.definition", f);
            return new FunctionInvoker();
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

    private Set<String> deliver(String function, String event, List<Message> batch) {
        try {
            Set<String> failed = new HashSet<>();
            invoke(function, event).path("batchItemFailures").forEach(f -> failed.add(f.get("itemIdentifier").asText()));
            return failed;
        } catch (RuntimeException e) {
            Set<String> all = new HashSet<>(); // a function that throws fails its whole batch, as on Lambda
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
}
