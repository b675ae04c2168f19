package io.sluice.functions.trigger.object;

import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * What a key or bucket name must be before a pipeline gets to see it. Keys end up in paths
 * (the local object store, staging folders, warehouse COPY statements), so one that could climb
 * out of its bucket or smuggle control characters into a log line is rejected here, once.
 */
public final class ObjectKeys {
    /** S3's and Azure's limit for a key: 1,024 bytes of UTF-8. */
    public static final int MAX_KEY_BYTES = 1024;
    /** Longer than any store allows (S3: 63, Azure: 63), short enough to keep out junk. */
    public static final int MAX_BUCKET_CHARS = 255;

    private ObjectKeys() {}

    /** Why {@code key} is not acceptable, or empty when it is. */
    public static Optional<String> problemWithKey(String key) {
        if (key.isEmpty()) {
            return Optional.of("the key is empty");
        }
        int bytes = key.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_KEY_BYTES) {
            return Optional.of("the key is " + bytes + " bytes of UTF-8; at most " + MAX_KEY_BYTES + " are allowed");
        }
        Optional<String> control = controlCharacter("key", key);
        if (control.isPresent()) {
            return control;
        }
        if (key.startsWith("/") || key.startsWith("\\")) {
            return Optional.of("the key starts with '" + key.charAt(0) + "'; keys are relative to their bucket");
        }
        // Backslash counts as a separator too: a key becomes a Windows path in the local runtime.
        for (String segment : key.split("[/\\\\]", -1)) {
            if (segment.equals("..")) {
                return Optional.of("the key has a '..' segment, which could climb out of its bucket");
            }
        }
        return Optional.empty();
    }

    /** Why {@code bucket} is not acceptable as a bucket or container name, or empty when it is. */
    public static Optional<String> problemWithBucket(String bucket) {
        if (bucket.isEmpty()) {
            return Optional.of("the bucket name is empty");
        }
        if (bucket.length() > MAX_BUCKET_CHARS) {
            return Optional.of("the bucket name is " + bucket.length() + " characters; at most " + MAX_BUCKET_CHARS + " are allowed");
        }
        Optional<String> control = controlCharacter("bucket name", bucket);
        if (control.isPresent()) {
            return control;
        }
        if (bucket.contains("/") || bucket.contains("\\") || bucket.equals(".") || bucket.equals("..")) {
            return Optional.of("the bucket name '" + bucket + "' is a path, not a name");
        }
        return Optional.empty();
    }

    private static Optional<String> controlCharacter(String what, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c)) {
                return Optional.of(String.format("the %s has a control character U+%04X at position %d", what, (int) c, i));
            }
        }
        return Optional.empty();
    }
}
