package io.sluice.azure.publish;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Publisher.Message;
import java.net.URI;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Sends a message to a Service Bus queue or topic over its REST API ({@code POST https://<ns>.servicebus.windows.net/<entity>/messages}):
 * the body as it is, {@code BrokerProperties} with the message id (what duplicate detection compares), the
 * {@code Subject} as {@code Label}, {@code MessageGroupId} as {@code SessionId}, {@code DelaySeconds} as
 * {@code ScheduledEnqueueTimeUtc}; every {@code MessageAttributes.<name>} as the custom property {@code <name>}
 * (a header with a quoted string value). HTTP rather than AMQP so that one message costs one request and no link,
 * and so that the protocol can be checked against a stub: no Service Bus or emulator runs on these machines.
 */
final class ServiceBusSender {
    private static final String MESSAGE_ATTRIBUTE = "MessageAttributes.";
    private static final Pattern PROPERTY_NAME = Pattern.compile("[A-Za-z0-9_.-]{1,256}");
    private static final DateTimeFormatter RFC_1123 = DateTimeFormatter.RFC_1123_DATE_TIME;

    private final URI namespace;
    private final Authorization auth;
    private final HttpPost http;
    private final Clock clock;

    /** @param namespace {@code https://<ns>.servicebus.windows.net/} (a loopback stub's URL in tests) */
    ServiceBusSender(URI namespace, Authorization auth, HttpPost http, Clock clock) {
        this.namespace = namespace.toString().endsWith("/") ? namespace : URI.create(namespace + "/");
        this.auth = auth;
        this.http = http;
        this.clock = clock;
    }

    /** The answer of Service Bus to sending {@code message} to the queue or topic {@code entity}. */
    HttpPost.Answer send(String entity, Message message) {
        Map<String, String> a = message.attributes();
        var broker = Json.object().put("MessageId", message.id());
        if (a.containsKey("Subject")) broker.put("Label", a.get("Subject"));
        if (a.containsKey("MessageGroupId")) broker.put("SessionId", a.get("MessageGroupId"));
        if (a.containsKey("DelaySeconds")) {
            long delay = delaySeconds(a.get("DelaySeconds"));
            if (delay > 0) {
                broker.put("ScheduledEnqueueTimeUtc", RFC_1123.format(clock.instant().plusSeconds(delay).atOffset(ZoneOffset.UTC)));
            }
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", isJson(message.body()) ? "application/json" : "text/plain; charset=utf-8");
        headers.put("BrokerProperties", Json.write(broker));
        if (a.containsKey("MessageStructure")) headers.put("MessageStructure", quoted(a.get("MessageStructure")));
        a.forEach((k, v) -> {
            if (k.startsWith(MESSAGE_ATTRIBUTE)) {
                String name = k.substring(MESSAGE_ATTRIBUTE.length());
                if (!PROPERTY_NAME.matcher(name).matches()) {
                    throw new IllegalArgumentException("MessageAttributes: '" + name + "' is no attribute name Service Bus takes as a"
                            + " property (letters, digits, _ - and ., up to 256)");
                }
                headers.put(name, quoted(v));
            }
        });
        URI entityUri = namespace.resolve(entity);
        return http.post(namespace.resolve(entity + "/messages"), headers, message.body(), auth, entityUri, "Service Bus entity " + entity);
    }

    private static long delaySeconds(String text) {
        try {
            long delay = Long.parseLong(text.strip());
            if (delay >= 0 && delay <= 900) {
                return delay;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("DelaySeconds: expected a whole number of seconds from 0 to 900, not '" + text + "'");
    }

    private static String quoted(String value) {
        return Json.write(Json.NODES.textNode(value.replaceAll("[\\r\\n]", " ")));
    }

    private static boolean isJson(String body) {
        String t = body.strip();
        if (!(t.startsWith("{") || t.startsWith("["))) return false;
        try {
            Json.parse(t);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }
}
