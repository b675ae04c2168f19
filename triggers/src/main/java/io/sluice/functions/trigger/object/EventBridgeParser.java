package io.sluice.functions.trigger.object;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Amazon EventBridge events from {@code aws.s3}. Unlike S3 notifications, EventBridge carries the key
 * as it is ({@code raw/2023-08-08T14:03:40.zip}, colons unescaped), so it is not decoded.
 */
final class EventBridgeParser {
    static final String OBJECT_CREATED = "Object Created";

    private EventBridgeParser() {}

    static List<ParsedRecord> parse(JsonNode root) {
        String where = "detail";
        try {
            String type = EventFields.text(root, "detail-type", true);
            if (!type.equals(OBJECT_CREATED)) {
                return List.of(new ParsedRecord.Ignored(where, "detail-type " + type + " is not " + OBJECT_CREATED));
            }
            ObjectCreated object = new ObjectCreated(StoreKind.S3, EventFields.text(root, "detail.bucket.name", true),
                    EventFields.text(root, "detail.object.key", true), EventFields.size(root, "detail.object.size"),
                    EventFields.etag(EventFields.text(root, "detail.object.etag", false)),
                    EventFields.version(EventFields.text(root, "detail.object.version-id", false)),
                    EventFields.text(root, "detail.object.sequencer", false), EventFields.time(root, "time"));
            return List.of(new ParsedRecord.Found(where, object));
        } catch (EventFields.Malformed e) {
            return List.of(new ParsedRecord.Malformed(where, RejectionReason.MALFORMED_RECORD, e.getMessage()));
        }
    }
}
