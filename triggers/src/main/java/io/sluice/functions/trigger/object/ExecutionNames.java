package io.sluice.functions.trigger.object;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import io.sluice.orchestration.definition.ContentHash;
import java.util.HexFormat;

/**
 * The execution name an object version starts under. The same version of the same object always gets
 * the same name, so a notification delivered twice (every store delivers at least once) finds its
 * execution already there; a new version gets a new name.
 *
 * <p>The version is the store's version id when there is one; otherwise the etag together with the
 * sequencer, so rewriting a key with the same content starts again, while a duplicate delivery of one
 * write (same etag, same sequencer) does not. The name is the key's last segment, cut to 40 characters
 * of {@code [A-Za-z0-9_.-]}, for people reading lists, then a dash and 32 hex digits of SHA-256 over
 * store, bucket, key and version: at most 73 characters, within the orchestrator's 80.
 */
public final class ExecutionNames {
    private static final int READABLE = 40;

    private ExecutionNames() {}

    public static String of(ObjectCreated o) {
        String version = o.versionId() != null ? "v:" + o.versionId()
                : "e:" + nullToEmpty(o.etag()) + "|s:" + nullToEmpty(o.sequencer());
        String material = String.join("\n", o.store().code(), o.bucket(), o.key(), version);
        String hash = HexFormat.of().formatHex(ContentHash.sha256(material), 0, 16);
        String readable = readable(o.key());
        return readable.isEmpty() ? "obj-" + hash : readable + "-" + hash;
    }

    private static String readable(String key) {
        String last = key.substring(key.lastIndexOf('/') + 1);
        String clean = last.replaceAll("[^A-Za-z0-9_.-]+", "_");
        return clean.length() > READABLE ? clean.substring(0, READABLE) : clean;
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }

}
