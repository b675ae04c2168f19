package io.sluice.functions.trigger.object;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Azure Event Grid {@code Microsoft.Storage.BlobCreated} events, in the Event Grid schema
 * ({@code eventType}, {@code eventTime}) and in the CloudEvents 1.0 schema ({@code specversion},
 * {@code type}, {@code time}); a body is one event or an array of them. The container and blob name
 * come from the {@code subject} ({@code /blobServices/default/containers/<c>/blobs/<path>}), which
 * holds the name unescaped; {@code data.url} (percent-encoded) is the fallback.
 *
 * <p>On accounts with a hierarchical namespace a new file announces itself twice: {@code CreateFile}
 * with no content, then {@code FlushWithClose} once the data is committed. Only the second starts
 * anything.
 */
final class EventGridParser {
    static final String BLOB_CREATED = "Microsoft.Storage.BlobCreated";
    private static final Pattern SUBJECT = Pattern.compile("/?blobServices/default/containers/([^/]+)/blobs/(.+)", Pattern.DOTALL);

    private EventGridParser() {}

    static List<ParsedRecord> parse(JsonNode root) {
        if (!root.isArray()) {
            return List.of(event(root, "event"));
        }
        List<ParsedRecord> out = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            out.add(event(root.get(i), "[" + i + "]"));
        }
        return out;
    }

    private static ParsedRecord event(JsonNode e, String where) {
        try {
            if (!e.isObject()) {
                throw new EventFields.Malformed("the event is not an object");
            }
            boolean cloudEvent = e.has("specversion");
            if (!cloudEvent && !e.has("eventType")) {
                throw new EventFields.Malformed("the event has neither eventType (Event Grid schema) nor specversion (CloudEvents schema)");
            }
            String type = EventFields.text(e, cloudEvent ? "type" : "eventType", true);
            if (!type.equals(BLOB_CREATED)) {
                return new ParsedRecord.Ignored(where, "event type " + type + " is not " + BLOB_CREATED);
            }
            if (!EventFields.at(e, "data").isObject()) {
                throw new EventFields.Malformed("data is missing or not an object");
            }
            if ("CreateFile".equals(EventFields.text(e, "data.api", false))) {
                return new ParsedRecord.Ignored(where, "CreateFile announces an empty file; the FlushWithClose event that follows carries the data");
            }
            String[] blob = containerAndBlob(e);
            ObjectCreated object = new ObjectCreated(StoreKind.AZURE_BLOB, blob[0], blob[1], EventFields.size(e, "data.contentLength"),
                    EventFields.etag(EventFields.text(e, "data.eTag", false)),
                    EventFields.version(EventFields.text(e, "data.versionId", false)),
                    EventFields.text(e, "data.sequencer", false), EventFields.time(e, cloudEvent ? "time" : "eventTime"));
            return new ParsedRecord.Found(where, object);
        } catch (EventFields.Malformed m) {
            return new ParsedRecord.Malformed(where, RejectionReason.MALFORMED_RECORD, m.getMessage());
        }
    }

    private static String[] containerAndBlob(JsonNode e) {
        String subject = EventFields.text(e, "subject", false);
        if (subject != null) {
            Matcher m = SUBJECT.matcher(subject);
            if (!m.matches()) {
                throw new EventFields.Malformed("subject should be /blobServices/default/containers/<container>/blobs/<name> but is \"" + subject + "\"");
            }
            return new String[] {m.group(1), m.group(2)};
        }
        return fromUrl(EventFields.text(e, "data.url", true));
    }

    /** {@code https://acct.blob.core.windows.net/<c>/<name>}, or path-style {@code http://127.0.0.1:10000/<acct>/<c>/<name>} (Azurite). */
    private static String[] fromUrl(String url) {
        try {
            URI uri = new URI(url);
            String path = uri.getPath();
            String host = uri.getHost() == null ? "" : uri.getHost();
            boolean accountInHost = host.contains(".blob.") || host.contains(".dfs.");
            String[] parts = path == null ? new String[0] : path.replaceFirst("^/", "").split("/", accountInHost ? 2 : 3);
            int first = accountInHost ? 0 : 1;
            if (parts.length < first + 2 || parts[first + 1].isEmpty()) {
                throw new EventFields.Malformed("data.url names no container and blob: " + url);
            }
            return new String[] {parts[first], parts[first + 1]};
        } catch (URISyntaxException ex) {
            throw new EventFields.Malformed("data.url is not a URL: " + ex.getMessage());
        }
    }
}
