package io.sluice.functions.trigger.object;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.util.List;

/**
 * Reads an event body of any supported shape, detected from its content:
 *
 * <ul>
 *   <li>{@code {"Records": [...]}}: an S3 event notification; {@code {"Event": "s3:TestEvent"}}, the
 *       message S3 sends when a notification is configured, is ignored;</li>
 *   <li>{@code {"Type": "Notification", "Message": "..."}}: an SNS envelope (S3 → SNS → SQS without raw
 *       delivery); its message is read as above;</li>
 *   <li>{@code {"source": "aws.s3", "detail-type": ...}}: an EventBridge event;</li>
 *   <li>an object or array with {@code specversion}: CloudEvents 1.0; with {@code eventType}: the Event
 *       Grid schema;</li>
 *   <li>{@code {"source": "sluice:local-folder", ...}}: a {@link LocalFolderEvent}.</li>
 * </ul>
 *
 * Event Grid's subscription validation handshake is not handled here: it belongs to the HTTP entry
 * point, which must answer it before any event arrives. Nothing here throws on bad input.
 */
public final class ObjectEvents {
    private ObjectEvents() {}

    /** What a body held: its format and one entry per record. */
    public record ParsedEvent(EventFormat format, List<ParsedRecord> records) {}

    public static ParsedEvent parse(String body) {
        JsonNode root;
        try {
            root = Json.parse(body == null ? "" : body);
        } catch (IllegalArgumentException e) {
            return unreadable(RejectionReason.MALFORMED_JSON, e.getMessage());
        }
        if (root == null || root.isMissingNode()) {
            return unreadable(RejectionReason.MALFORMED_JSON, "the body is empty");
        }
        return detect(root, true);
    }

    private static ParsedEvent detect(JsonNode root, boolean mayUnwrap) {
        if (root.isArray()) {
            boolean cloud = !root.isEmpty() && root.get(0).has("specversion");
            return new ParsedEvent(cloud ? EventFormat.CLOUD_EVENTS : EventFormat.EVENT_GRID, EventGridParser.parse(root));
        }
        if (!root.isObject()) {
            return unreadable(RejectionReason.UNKNOWN_FORMAT, "the body is a JSON " + Json.typeName(root) + ", not an event object or array");
        }
        if (root.has("Records")) {
            return new ParsedEvent(EventFormat.S3_NOTIFICATION, S3NotificationParser.parse(root));
        }
        if ("s3:TestEvent".equals(root.path("Event").asText())) {
            return new ParsedEvent(EventFormat.S3_NOTIFICATION, List.of(new ParsedRecord.Ignored("event", "s3:TestEvent")));
        }
        if (mayUnwrap && "Notification".equals(root.path("Type").asText()) && root.path("Message").isTextual()) {
            try {
                return detect(Json.parse(root.path("Message").asText()), false);
            } catch (IllegalArgumentException e) {
                return unreadable(RejectionReason.MALFORMED_JSON, "the SNS Message is not JSON: " + e.getMessage());
            }
        }
        String source = root.path("source").asText("");
        if (source.equals("aws.s3") && root.has("detail-type")) {
            return new ParsedEvent(EventFormat.EVENTBRIDGE, EventBridgeParser.parse(root));
        }
        if (root.has("specversion")) {
            return new ParsedEvent(EventFormat.CLOUD_EVENTS, EventGridParser.parse(root));
        }
        if (root.has("eventType")) {
            return new ParsedEvent(EventFormat.EVENT_GRID, EventGridParser.parse(root));
        }
        if (source.equals(LocalFolderEvent.SOURCE)) {
            return new ParsedEvent(EventFormat.LOCAL_FOLDER, LocalFolderEvent.parse(root));
        }
        return unreadable(RejectionReason.UNKNOWN_FORMAT, "the body is no S3 notification, EventBridge event, Event Grid event, "
                + "CloudEvent or local folder event");
    }

    private static ParsedEvent unreadable(RejectionReason reason, String detail) {
        return new ParsedEvent(EventFormat.UNKNOWN, List.of(new ParsedRecord.Malformed("body", reason, detail)));
    }
}
