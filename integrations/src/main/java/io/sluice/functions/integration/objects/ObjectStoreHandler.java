package io.sluice.functions.integration.objects;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.IntegrationCall;
import io.sluice.functions.integration.IntegrationHandler;
import io.sluice.functions.integration.ServiceErrors;
import io.sluice.functions.tenancy.ObjectNamespace;
import io.sluice.functions.tenancy.OwnedObjects;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.ObjectStore.ObjectInfo;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code aws-sdk:s3:getObject/putObject/listObjectsV2/copyObject/deleteObject} over the {@link ObjectStore},
 * with S3's request and result shapes and error names ({@code S3.NoSuchKeyException}). A bucket is a folder
 * of the store: {@code <bucket>/<key>} for the platform's own pipelines and {@code tenants/<tenant>/<bucket>/<key>}
 * for a tenant's, so one tenant cannot name its way into another's objects (and the platform's buckets cannot
 * be called {@value #TENANTS}); the store itself confines every key to its root. Bodies are text (UTF-8), as
 * Step Functions hands them over; a JSON Body is written as its JSON text. Not modelled: {@code Delimiter}
 * (refused with {@code S3.InvalidRequestException}), versions, ranges and metadata.
 */
public final class ObjectStoreHandler implements IntegrationHandler {
    static final String TENANTS = ObjectNamespace.TENANTS;
    private static final Pattern BUCKET = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");
    private static final int MAX_KEYS = 1000;

    private final OwnedObjects objects;

    /** @param store the platform's object store; each call sees it as its run's owner does ({@link OwnedObjects}) */
    public ObjectStoreHandler(ObjectStore store) {
        this.objects = new OwnedObjects(store);
    }

    @Override
    public Set<String> actions() {
        return Set.of("aws-sdk:s3:getObject", "aws-sdk:s3:putObject", "aws-sdk:s3:listObjectsV2", "aws-sdk:s3:copyObject",
                "aws-sdk:s3:deleteObject");
    }

    @Override
    public JsonNode call(IntegrationCall call) {
        try {
            return switch (call.action().action()) {
                case "getObject" -> get(call);
                case "putObject" -> put(call);
                case "listObjectsV2" -> list(call);
                case "copyObject" -> copy(call);
                default -> delete(call);
            };
        } catch (IllegalArgumentException e) {
            // The store refuses a key that would leave its root (.., an absolute key): a malformed request.
            throw ServiceErrors.invalid(call.action(), e.getMessage());
        }
    }

    private JsonNode get(IntegrationCall call) {
        String key = key(call, call.text("Key"));
        String path = path(call, bucket(call, call.text("Bucket")), key);
        byte[] body = store(call).get(path).orElseThrow(() -> noSuchKey(call, key));
        ObjectNode out = Json.object();
        out.put("Body", new String(body, StandardCharsets.UTF_8));
        out.put("ContentLength", body.length);
        out.put("ContentType", "application/octet-stream");
        out.put("ETag", etag(body));
        info(call, path).ifPresent(i -> out.put("LastModified", i.lastModified().toString()));
        return out;
    }

    private JsonNode put(IntegrationCall call) {
        String key = key(call, call.text("Key"));
        String path = path(call, bucket(call, call.text("Bucket")), key);
        JsonNode given = call.parameters().get("Body");
        byte[] body = given == null || given.isNull() ? new byte[0]
                : (given.isTextual() ? given.asText() : Json.write(given)).getBytes(StandardCharsets.UTF_8);
        store(call).put(path, body);
        return Json.object().put("ETag", etag(body));
    }

    private JsonNode copy(IntegrationCall call) {
        String source = call.text("CopySource");
        if (source == null) {
            throw ServiceErrors.invalid(call.action(), "CopySource is required: <bucket>/<key> of the object to copy.");
        }
        String decoded = URLDecoder.decode(source.startsWith("/") ? source.substring(1) : source, StandardCharsets.UTF_8);
        int slash = decoded.indexOf('/');
        if (slash <= 0 || slash == decoded.length() - 1) {
            throw ServiceErrors.invalid(call.action(), "CopySource '" + source + "' must be <bucket>/<key>.");
        }
        String sourceKey = key(call, decoded.substring(slash + 1));
        byte[] body = store(call).get(path(call, bucket(call, decoded.substring(0, slash)), sourceKey))
                .orElseThrow(() -> noSuchKey(call, sourceKey));
        String target = path(call, bucket(call, call.text("Bucket")), key(call, call.text("Key")));
        store(call).put(target, body);
        ObjectNode result = Json.object().put("ETag", etag(body));
        info(call, target).ifPresent(i -> result.put("LastModified", i.lastModified().toString()));
        ObjectNode out = Json.object();
        out.set("CopyObjectResult", result);
        return out;
    }

    private JsonNode delete(IntegrationCall call) {
        store(call).delete(path(call, bucket(call, call.text("Bucket")), key(call, call.text("Key"))));
        return Json.object(); // S3 answers a delete of a missing key the same way
    }

    private JsonNode list(IntegrationCall call) {
        String bucket = bucket(call, call.text("Bucket"));
        if (call.text("Delimiter") != null) {
            throw ServiceErrors.invalid(call.action(), "Delimiter is not supported by this runtime's object store; list by Prefix.");
        }
        String prefix = call.text("Prefix") == null ? "" : call.text("Prefix");
        int max = call.parameters().has("MaxKeys") ? call.parameters().get("MaxKeys").asInt(MAX_KEYS) : MAX_KEYS;
        max = Math.max(0, Math.min(max, MAX_KEYS));
        String token = call.text("ContinuationToken");
        String startAfter = call.text("StartAfter");
        String after = token != null ? decodeToken(call, token) : startAfter;
        String root = path(call, bucket, "");
        List<ObjectInfo> page = max == 0 ? List.of()
                : store(call).list(root + prefix, after == null ? null : root + after, max + 1);
        boolean truncated = page.size() > max;
        List<ObjectInfo> shown = truncated ? page.subList(0, max) : page;
        ArrayNode contents = Json.NODES.arrayNode();
        for (ObjectInfo o : shown) {
            contents.add(Json.object().put("Key", o.key().substring(root.length())).put("LastModified", o.lastModified().toString())
                    .put("Size", o.size()).put("StorageClass", "STANDARD"));
        }
        ObjectNode out = Json.object();
        if (!contents.isEmpty()) {
            out.set("Contents", contents);
        }
        if (token != null) out.put("ContinuationToken", token);
        out.put("IsTruncated", truncated);
        out.put("KeyCount", shown.size());
        out.put("MaxKeys", max);
        out.put("Name", call.text("Bucket"));
        if (truncated) {
            String last = shown.getLast().key().substring(root.length());
            out.put("NextContinuationToken", Base64.getUrlEncoder().withoutPadding().encodeToString(last.getBytes(StandardCharsets.UTF_8)));
        }
        out.put("Prefix", prefix);
        if (startAfter != null) out.put("StartAfter", startAfter);
        return out;
    }

    private static String decodeToken(IntegrationCall call, String token) {
        try {
            return new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw ServiceErrors.invalid(call.action(), "The continuation token provided is incorrect.");
        }
    }

    private Optional<ObjectInfo> info(IntegrationCall call, String path) {
        return store(call).list(path, null, 1).stream().filter(i -> i.key().equals(path)).findFirst();
    }

    private static String bucket(IntegrationCall call, String bucket) {
        if (bucket == null || !BUCKET.matcher(bucket).matches() || bucket.contains("..")) {
            throw ServiceErrors.invalid(call.action(), "Bucket '" + bucket + "' is not a valid bucket name: 3-63 lower-case"
                    + " letters, digits, '.' and '-'.");
        }
        if (call.tenant().isEmpty() && bucket.equals(TENANTS)) {
            throw ServiceErrors.of(call.action(), "AccessDeniedException", "Bucket '" + TENANTS + "' holds the tenants' buckets"
                    + " on this runtime; name another.", false);
        }
        return bucket;
    }

    private static String key(IntegrationCall call, String key) {
        if (key == null || key.isEmpty()) {
            throw ServiceErrors.invalid(call.action(), "Key is required.");
        }
        try {
            return ObjectNamespace.checkedKey(key, "Key");
        } catch (IllegalArgumentException e) {
            throw ServiceErrors.invalid(call.action(), e.getMessage() + ".");
        }
    }

    /** Where {@code key} of {@code bucket} lives in the store as the call's owner sees it. */
    private static String path(IntegrationCall call, String bucket, String key) {
        return bucket + "/" + key;
    }

    /** The store as the call's run's owner sees it: a tenant's namespace, or the platform's store. */
    private ObjectStore store(IntegrationCall call) {
        return objects.of(call.task().owner());
    }

    private static TaskError noSuchKey(IntegrationCall call, String key) {
        return ServiceErrors.of(call.action(), "NoSuchKey", "The specified key does not exist. (Key: " + key + ")", false);
    }

    private static String etag(byte[] body) {
        try {
            return "\"" + HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(body)) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is required of every JVM", e);
        }
    }
}
