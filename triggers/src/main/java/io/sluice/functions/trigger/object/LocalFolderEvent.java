package io.sluice.functions.trigger.object;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * The event the local runtime's folder watcher sends for files that appeared under its data folder.
 * A data folder holds one folder per bucket; the path of a file below its bucket folder, with
 * {@code /} separators, is its key. One event may carry several objects:
 *
 * <pre>{@code
 * {
 *   "source": "sluice:local-folder",
 *   "type": "ObjectCreated",
 *   "objects": [
 *     {"bucket": "landing", "key": "sales/2026/11/29/orders.csv", "size": 5120,
 *      "etag": "9f2c0d4e1b7a5c3e8d6f4a2b0c9e7d5f", "sequencer": "00062a1c3f5e8000",
 *      "time": "2026-11-29T05:00:01.250Z"}
 *   ]
 * }
 * }</pre>
 *
 * <ul>
 *   <li>{@code bucket}, {@code key}, {@code size}: required; the key is plain text, not URL-encoded.</li>
 *   <li>{@code etag}: a fingerprint of the file version (the watcher derives it from size, modification
 *       time and file identity, not from the content); a rewritten file gets a new one.</li>
 *   <li>{@code sequencer}: optional; the modification time in microseconds as 16 hex digits, so later
 *       writes sort later, as S3's do.</li>
 *   <li>{@code version}, {@code time}: optional; a local folder keeps no versions.</li>
 * </ul>
 */
public final class LocalFolderEvent {
    public static final String SOURCE = "sluice:local-folder";
    public static final String TYPE = "ObjectCreated";

    private LocalFolderEvent() {}

    /** The event body announcing {@code objects}. */
    public static String write(List<ObjectCreated> objects) {
        ObjectNode root = Json.object();
        root.put("source", SOURCE);
        root.put("type", TYPE);
        ArrayNode array = root.putArray("objects");
        for (ObjectCreated o : objects) {
            ObjectNode n = array.addObject();
            n.put("bucket", o.bucket());
            n.put("key", o.key());
            n.put("size", o.size());
            putIfPresent(n, "etag", o.etag());
            putIfPresent(n, "version", o.versionId());
            putIfPresent(n, "sequencer", o.sequencer());
            putIfPresent(n, "time", o.eventTime() == null ? null : o.eventTime().toString());
        }
        return Json.write(root);
    }

    private static void putIfPresent(ObjectNode n, String field, String value) {
        if (value != null) {
            n.put(field, value);
        }
    }

    static List<ParsedRecord> parse(JsonNode root) {
        String type = root.path("type").asText("");
        if (!type.equals(TYPE)) {
            return List.of(new ParsedRecord.Ignored("event", "type " + type + " is not " + TYPE));
        }
        JsonNode objects = root.path("objects");
        if (!objects.isArray()) {
            return List.of(new ParsedRecord.Malformed("objects", RejectionReason.MALFORMED_RECORD, "objects should be an array"));
        }
        List<ParsedRecord> out = new ArrayList<>();
        for (int i = 0; i < objects.size(); i++) {
            String where = "objects[" + i + "]";
            JsonNode o = objects.get(i);
            try {
                if (!o.isObject()) {
                    throw new EventFields.Malformed("the object entry is not an object");
                }
                out.add(new ParsedRecord.Found(where, new ObjectCreated(StoreKind.LOCAL, EventFields.text(o, "bucket", true),
                        EventFields.text(o, "key", true), EventFields.size(o, "size"), EventFields.etag(EventFields.text(o, "etag", false)),
                        EventFields.version(EventFields.text(o, "version", false)), EventFields.text(o, "sequencer", false),
                        EventFields.time(o, "time"))));
            } catch (EventFields.Malformed e) {
                out.add(new ParsedRecord.Malformed(where, RejectionReason.MALFORMED_RECORD, e.getMessage()));
            }
        }
        return out;
    }
}
