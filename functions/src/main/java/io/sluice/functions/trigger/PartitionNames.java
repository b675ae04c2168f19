package io.sluice.functions.trigger;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import io.sluice.orchestration.definition.ContentHash;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Execution names derived from a partition. {@link #of} is deterministic, so every trigger that
 * starts a pipeline for a partition under it (upstream completion, say) finds a second start's
 * execution already there. A partition that is already a usable name of at most
 * {@value #MAX_PLAIN} characters is its own name ({@code 2026-11-29}); any other is cut to a readable
 * part and followed by 16 hex digits of its SHA-256, so different partitions never share a name.
 */
public final class PartitionNames {
    /** The longest name {@link #of} returns, leaving room for a suffix within the orchestrator's 80 characters. */
    public static final int MAX_PLAIN = 64;
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_.@-]{1," + MAX_PLAIN + "}");
    private static final int READABLE = MAX_PLAIN - 17;

    private PartitionNames() {}

    /** The name of the run of a pipeline for {@code partition}: the same partition, the same name. */
    public static String of(String partition) {
        if (PLAIN.matcher(partition).matches()) {
            return partition;
        }
        String readable = partition.replaceAll("[^A-Za-z0-9_.@-]+", "_");
        if (readable.length() > READABLE) {
            readable = readable.substring(0, READABLE);
        }
        return readable + "-" + HexFormat.of().formatHex(ContentHash.sha256(partition), 0, 8);
    }

    /** {@link #of} followed by {@code -} and {@code suffix} (a random tag for a start that must be new). */
    public static String withSuffix(String partition, String suffix) {
        return of(partition) + "-" + suffix;
    }

}
