package io.sluice.functions.trigger.object;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Amazon S3 event notifications ({@code {"Records": [...]}}, event structure 2.x) as S3 sends them to
 * SQS, SNS or Lambda. S3 form-encodes the key: {@code red flower.jpg} arrives as {@code red+flower.jpg}
 * and a literal plus as {@code %2B}, so the key is form-decoded here, once.
 */
final class S3NotificationParser {
    private S3NotificationParser() {}

    static List<ParsedRecord> parse(JsonNode root) {
        JsonNode records = root.path("Records");
        if (!records.isArray()) {
            return List.of(new ParsedRecord.Malformed("Records", RejectionReason.MALFORMED_RECORD, "Records should be an array"));
        }
        List<ParsedRecord> out = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            String where = "Records[" + i + "]";
            try {
                out.add(record(records.get(i), where));
            } catch (EventFields.Malformed e) {
                out.add(new ParsedRecord.Malformed(where, RejectionReason.MALFORMED_RECORD, e.getMessage()));
            }
        }
        return out;
    }

    private static ParsedRecord record(JsonNode r, String where) {
        if (!r.isObject()) {
            throw new EventFields.Malformed("the record is not an object");
        }
        String source = EventFields.text(r, "eventSource", false);
        if (source != null && !source.endsWith(":s3")) {
            throw new EventFields.Malformed("eventSource is " + source + ", not S3; an entry point must unwrap queue messages and pass their body");
        }
        String eventName = EventFields.text(r, "eventName", true);
        if (!eventName.startsWith("ObjectCreated:") && !eventName.startsWith("s3:ObjectCreated:")) {
            return new ParsedRecord.Ignored(where, "eventName " + eventName + " is not an object creation");
        }
        String bucket = EventFields.text(r, "s3.bucket.name", true);
        String key = formDecode(EventFields.text(r, "s3.object.key", true));
        ObjectCreated object = new ObjectCreated(StoreKind.S3, bucket, key, EventFields.size(r, "s3.object.size"),
                EventFields.etag(EventFields.text(r, "s3.object.eTag", false)),
                EventFields.version(EventFields.text(r, "s3.object.versionId", false)),
                EventFields.text(r, "s3.object.sequencer", false), EventFields.time(r, "eventTime"));
        return new ParsedRecord.Found(where, object);
    }

    private static String formDecode(String encoded) {
        try {
            return URLDecoder.decode(encoded, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new EventFields.Malformed("s3.object.key is not URL-encoded text: " + e.getMessage());
        }
    }
}
