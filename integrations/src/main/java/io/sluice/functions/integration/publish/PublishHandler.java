package io.sluice.functions.integration.publish;

import io.sluice.functions.time.SystemRandom;
import io.sluice.orchestration.path.RandomSource;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.IntegrationCall;
import io.sluice.functions.integration.IntegrationHandler;
import io.sluice.functions.integration.ServiceErrors;
import io.sluice.functions.integration.ServiceRefused;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Publisher;
import io.sluice.orchestration.port.Publisher.Message;
import io.sluice.orchestration.port.Publisher.Published;
import io.sluice.orchestration.port.Publisher.Target;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * {@code sns:publish}, {@code sqs:sendMessage} and {@code events:putEvents} (and their {@code aws-sdk:} forms)
 * over the {@link Publisher} port, with Step Functions' request and result shapes: SNS's {@code MessageId},
 * SQS's {@code MessageId} and {@code MD5OfMessageBody}, EventBridge's {@code Entries} and
 * {@code FailedEntryCount} (a failed entry fails the optimised integration with {@code EventBridge.FailedEntry}).
 * A message's id comes from the task token and its place in the request, so a task that runs again
 * publishes nothing twice. A JSON Message, MessageBody or Detail is sent as its JSON text, as Step Functions
 * sends it. With {@code .waitForTaskToken} the state then waits for the token the message carries.
 *
 * <p>Targets are named by ARN or URL as on AWS; only the name counts, in the tenant's namespace. When the
 * host declares the targets of a kind, any other name of that kind is {@code SNS.NotFoundException},
 * {@code SQS.QueueDoesNotExistException} or a failed entry; a kind without declarations takes any name.
 */
public final class PublishHandler implements IntegrationHandler {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,256}");

    private final Publisher publisher;
    private final Clock clock;
    private final Map<Target.Kind, Set<String>> declared;
    private final RandomSource random;

    /** @param declared the names of each kind the host declares; a kind absent here takes any name */
    public PublishHandler(Publisher publisher, Clock clock, Map<Target.Kind, Set<String>> declared) {
        this(publisher, clock, declared, SystemRandom.SECURE);
    }

    /** @param random where the id of a message sent outside any execution comes from (inside one, it is the task's own) */
    public PublishHandler(Publisher publisher, Clock clock, Map<Target.Kind, Set<String>> declared, RandomSource random) {
        this.publisher = publisher;
        this.clock = clock;
        this.declared = Map.copyOf(declared);
        this.random = java.util.Objects.requireNonNull(random, "random");
    }

    @Override
    public Set<String> actions() {
        return Set.of("sns:publish", "aws-sdk:sns:publish", "sqs:sendMessage", "aws-sdk:sqs:sendMessage",
                "events:putEvents", "aws-sdk:eventbridge:putEvents");
    }

    @Override
    public JsonNode call(IntegrationCall call) {
        return switch (call.action().action()) {
            case "publish" -> snsPublish(call);
            case "sendMessage" -> sqsSend(call);
            default -> putEvents(call);
        };
    }

    private JsonNode snsPublish(IntegrationCall call) {
        JsonNode p = call.parameters();
        String arn = call.text("TopicArn") != null ? call.text("TopicArn") : call.text("TargetArn");
        if (arn == null) {
            throw ServiceErrors.of(call.action(), "InvalidParameterException", "Invalid parameter: TopicArn or TargetArn"
                    + " Reason: no value for required parameter (a PhoneNumber is not published to on this runtime)", false);
        }
        String topic = arn.substring(arn.lastIndexOf(':') + 1);
        if (!NAME.matcher(topic).matches() || !known(Target.Kind.TOPIC, topic)) {
            throw ServiceErrors.of(call.action(), "NotFoundException", "Topic does not exist: " + arn, false);
        }
        if (!p.has("Message")) {
            throw ServiceErrors.of(call.action(), "InvalidParameterException", "Invalid parameter: Message"
                    + " Reason: no value for required parameter", false);
        }
        Map<String, String> attributes = new LinkedHashMap<>();
        putIfPresent(attributes, "Subject", call.text("Subject"));
        putIfPresent(attributes, "MessageGroupId", call.text("MessageGroupId"));
        putIfPresent(attributes, "MessageStructure", call.text("MessageStructure"));
        messageAttributes(p.get("MessageAttributes"), attributes);
        Published published = publish(call, new Target(Target.Kind.TOPIC, topic),
                new Message(messageId(call, 0), text(p.get("Message")), attributes));
        ObjectNode out = Json.object().put("MessageId", published.messageId());
        if (topic.endsWith(".fifo")) {
            out.put("SequenceNumber", sequence(published.position()));
        }
        return out;
    }

    private JsonNode sqsSend(IntegrationCall call) {
        JsonNode p = call.parameters();
        String url = call.text("QueueUrl");
        if (url == null) {
            throw ServiceErrors.invalid(call.action(), "The request must contain the parameter QueueUrl.");
        }
        String queue = url.replaceAll("/+$", "");
        queue = queue.substring(queue.lastIndexOf('/') + 1);
        if (!NAME.matcher(queue).matches() || !known(Target.Kind.QUEUE, queue)) {
            throw ServiceErrors.of(call.action(), "QueueDoesNotExistException", "The specified queue does not exist: " + url, false);
        }
        if (!p.has("MessageBody")) {
            throw ServiceErrors.invalid(call.action(), "The request must contain the parameter MessageBody.");
        }
        String body = text(p.get("MessageBody"));
        Map<String, String> attributes = new LinkedHashMap<>();
        putIfPresent(attributes, "MessageGroupId", call.text("MessageGroupId"));
        putIfPresent(attributes, "DelaySeconds", call.text("DelaySeconds"));
        messageAttributes(p.get("MessageAttributes"), attributes);
        Published published = publish(call, new Target(Target.Kind.QUEUE, queue),
                new Message(messageId(call, 0), body, attributes));
        ObjectNode out = Json.object().put("MD5OfMessageBody", md5(body)).put("MessageId", published.messageId());
        if (queue.endsWith(".fifo")) {
            out.put("SequenceNumber", sequence(published.position()));
        }
        return out;
    }

    private JsonNode putEvents(IntegrationCall call) {
        JsonNode entries = call.parameters().get("Entries");
        if (entries == null || !entries.isArray() || entries.isEmpty() || entries.size() > 10) {
            throw ServiceErrors.invalid(call.action(), "Entries must be an array of 1 to 10 events.");
        }
        ArrayNode results = Json.NODES.arrayNode();
        int failed = 0;
        for (int i = 0; i < entries.size(); i++) {
            JsonNode e = entries.get(i);
            String problem = entryProblem(e);
            String bus = busName(e.path("EventBusName").asText("default"));
            if (problem == null && !known(Target.Kind.BUS, bus)) {
                problem = "NotFoundException:Event bus " + bus + " does not exist.";
            }
            if (problem != null) {
                failed++;
                int colon = problem.indexOf(':');
                results.add(Json.object().put("ErrorCode", problem.substring(0, colon)).put("ErrorMessage", problem.substring(colon + 1)));
                continue;
            }
            String id = messageId(call, i);
            ObjectNode event = Json.object();
            event.put("version", "0");
            event.put("id", id);
            event.put("detail-type", e.get("DetailType").asText());
            event.put("source", e.get("Source").asText());
            event.put("account", "000000000000");
            event.put("time", e.hasNonNull("Time") ? e.get("Time").asText() : clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString());
            event.put("region", "local");
            event.set("resources", e.has("Resources") ? e.get("Resources") : Json.NODES.arrayNode());
            JsonNode detail = e.get("Detail");
            event.set("detail", detail.isTextual() ? Json.parse(detail.asText()) : detail);
            Map<String, String> attributes = Map.of("Source", e.get("Source").asText(), "DetailType", e.get("DetailType").asText());
            Published published = publish(call, new Target(Target.Kind.BUS, bus), new Message(id, Json.write(event), attributes));
            results.add(Json.object().put("EventId", published.messageId()));
        }
        if (failed > 0 && !call.action().sdk()) {
            // The optimised integration fails the task when an entry failed; the SDK form returns the answer as it is.
            throw new TaskError("EventBridge.FailedEntry", Json.write(Json.object().put("FailedEntryCount", failed).set("Entries", results)), false);
        }
        ObjectNode out = Json.object();
        out.set("Entries", results);
        out.put("FailedEntryCount", failed);
        return out;
    }

    /** The port's publish; a refusal of the service behind it named as Step Functions names it for this action. */
    private Published publish(IntegrationCall call, Target target, Message message) {
        try {
            return publisher.publish(call.namespace(), target, message);
        } catch (ServiceRefused e) {
            throw ServiceErrors.of(call.action(), e.error(), e.getMessage(), e.retryable());
        }
    }

    /** {@code ErrorCode:message}, or {@code null} for a well-formed entry. */
    private static String entryProblem(JsonNode e) {
        if (!e.isObject()) return "InvalidArgument:An entry must be an object.";
        for (String field : new String[] {"Source", "DetailType", "Detail"}) {
            if (!e.hasNonNull(field)) return "InvalidArgument:Parameter " + field + " is not valid. Reason: " + field + " is a required argument.";
        }
        JsonNode detail = e.get("Detail");
        if (detail.isTextual()) {
            try {
                if (!Json.parse(detail.asText()).isObject()) return "MalformedDetail:Detail is malformed.";
            } catch (IllegalArgumentException ex) {
                return "MalformedDetail:Detail is malformed.";
            }
        } else if (!detail.isObject()) {
            return "MalformedDetail:Detail is malformed.";
        }
        return null;
    }

    private static String busName(String given) {
        String name = given.contains(":event-bus/") ? given.substring(given.indexOf(":event-bus/") + ":event-bus/".length()) : given;
        return name.isEmpty() ? "default" : name;
    }

    private boolean known(Target.Kind kind, String name) {
        Set<String> names = declared.get(kind);
        return names == null || names.contains(name);
    }

    private static String text(JsonNode v) {
        return v == null || v.isNull() ? "" : v.isTextual() ? v.asText() : Json.write(v);
    }

    private static void putIfPresent(Map<String, String> map, String key, String value) {
        if (value != null) map.put(key, value);
    }

    private static void messageAttributes(JsonNode attributes, Map<String, String> out) {
        if (attributes == null || !attributes.isObject()) return;
        attributes.fields().forEachRemaining(e -> {
            JsonNode v = e.getValue();
            String value = v.hasNonNull("StringValue") ? v.get("StringValue").asText()
                    : v.hasNonNull("BinaryValue") ? v.get("BinaryValue").asText() : text(v);
            out.put("MessageAttributes." + e.getKey(), value);
        });
    }

    /** The same id for the same task and entry on every run of the task; a fresh one outside any execution. */
    private String messageId(IntegrationCall call, int index) {
        String token = call.task().token();
        return token == null ? random.uuid().toString()
                : UUID.nameUUIDFromBytes((token + "#" + index).getBytes(StandardCharsets.UTF_8)).toString();
    }

    /** A FIFO sequence number: the position's digits. */
    private static String sequence(String position) {
        return position.replaceAll("[^0-9]", "");
    }

    static String md5(String body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is required of every JVM", e);
        }
    }

}
