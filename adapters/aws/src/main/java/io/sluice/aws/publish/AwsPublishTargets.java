package io.sluice.aws.publish;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Publisher.Message;
import io.sluice.orchestration.port.Publisher.Target;
import io.sluice.aws.sdk.SdkErrors;
import io.sluice.functions.integration.ServiceRefused;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;
import software.amazon.awssdk.services.eventbridge.model.PutEventsResultEntry;
import software.amazon.awssdk.services.sns.SnsClient;
import software.amazon.awssdk.services.sqs.SqsClient;

/**
 * Sends one message to the real AWS service of its target: a TOPIC to SNS {@code Publish}, a QUEUE to SQS
 * {@code SendMessage}, a BUS to EventBridge {@code PutEvents}, with the attributes the publish integrations put
 * on the message ({@code Subject}, {@code MessageGroupId}, {@code DelaySeconds}, {@code MessageAttributes.<name>}).
 * On a FIFO topic or queue the message id is the deduplication id, so SNS and SQS themselves drop a second send
 * of one message within their five-minute window. Returns the service's own id of the message.
 */
public final class AwsPublishTargets {
    private static final String MESSAGE_ATTRIBUTE = "MessageAttributes.";

    private final SnsClient sns;
    private final SqsClient sqs;
    private final EventBridgeClient events;
    private final String topicArnPrefix;
    private final Map<String, String> queueUrls = new ConcurrentHashMap<>();

    /** @param region and {@code accountId}: where a topic's name becomes its ARN ({@code arn:aws:sns:<region>:<account>:<name>}) */
    public AwsPublishTargets(SnsClient sns, SqsClient sqs, EventBridgeClient events, String region, String accountId) {
        this.sns = sns;
        this.sqs = sqs;
        this.events = events;
        this.topicArnPrefix = "arn:aws:sns:" + region + ":" + accountId + ":";
    }

    /**
     * Sends {@code message}; the service's id of it. A service's refusal is a {@link ServiceRefused} with the service's
     * error name ({@code QueueDoesNotExistException}, {@code NotFoundException}, {@code AuthorizationErrorException}), which
     * the publish integrations name as Step Functions does ({@code SQS.QueueDoesNotExistException}).
     */
    public String send(Target target, Message message) {
        try {
            return switch (target.kind()) {
                case TOPIC -> publishToTopic(target.name(), message);
                case QUEUE -> sendToQueue(target.name(), message);
                case BUS -> putEvent(target.name(), message);
            };
        } catch (AwsServiceException e) {
            throw SdkErrors.refused(e);
        }
    }

    private String publishToTopic(String topic, Message message) {
        Map<String, String> a = message.attributes();
        return sns.publish(b -> {
            b.topicArn(topicArnPrefix + topic).message(message.body()).subject(a.get("Subject"))
                    .messageStructure(a.get("MessageStructure")).messageGroupId(a.get("MessageGroupId"));
            if (topic.endsWith(".fifo")) {
                b.messageDeduplicationId(message.id());
            }
            Map<String, software.amazon.awssdk.services.sns.model.MessageAttributeValue> attributes = new HashMap<>();
            messageAttributes(a).forEach((k, v) -> attributes.put(k, software.amazon.awssdk.services.sns.model.MessageAttributeValue.builder()
                    .dataType("String").stringValue(v).build()));
            if (!attributes.isEmpty()) {
                b.messageAttributes(attributes);
            }
        }).messageId();
    }

    private String sendToQueue(String queue, Message message) {
        Map<String, String> a = message.attributes();
        String url = queueUrls.computeIfAbsent(queue, q -> sqs.getQueueUrl(b -> b.queueName(q)).queueUrl());
        return sqs.sendMessage(b -> {
            b.queueUrl(url).messageBody(message.body()).messageGroupId(a.get("MessageGroupId"));
            if (a.containsKey("DelaySeconds")) {
                b.delaySeconds(Integer.valueOf(a.get("DelaySeconds")));
            }
            if (queue.endsWith(".fifo")) {
                b.messageDeduplicationId(message.id());
            }
            Map<String, software.amazon.awssdk.services.sqs.model.MessageAttributeValue> attributes = new HashMap<>();
            messageAttributes(a).forEach((k, v) -> attributes.put(k, software.amazon.awssdk.services.sqs.model.MessageAttributeValue.builder()
                    .dataType("String").stringValue(v).build()));
            if (!attributes.isEmpty()) {
                b.messageAttributes(attributes);
            }
        }).messageId();
    }

    /** The message body is the event as the integration built it (source, detail-type, detail, resources, time). */
    private String putEvent(String bus, Message message) {
        JsonNode event = Json.parse(message.body());
        List<String> resources = new ArrayList<>();
        event.path("resources").forEach(r -> resources.add(r.asText()));
        PutEventsResultEntry entry = events.putEvents(b -> b.entries(e -> {
            e.eventBusName(bus).source(event.path("source").asText()).detailType(event.path("detail-type").asText())
                    .detail(Json.write(event.path("detail"))).resources(resources);
            if (event.hasNonNull("time")) {
                e.time(Instant.parse(event.get("time").asText()));
            }
        })).entries().getFirst();
        if (entry.errorCode() != null) {
            throw new ServiceRefused(entry.errorCode().replaceAll("[^A-Za-z0-9]", ""), "EventBridge refused the event on bus " + bus + ": "
                    + entry.errorCode() + " " + entry.errorMessage(), false, null);
        }
        return entry.eventId();
    }

    private static Map<String, String> messageAttributes(Map<String, String> attributes) {
        Map<String, String> out = new HashMap<>();
        attributes.forEach((k, v) -> {
            if (k.startsWith(MESSAGE_ATTRIBUTE)) {
                out.put(k.substring(MESSAGE_ATTRIBUTE.length()), v);
            }
        });
        return out;
    }
}
