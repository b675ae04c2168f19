package io.sluice.redis;

import io.sluice.orchestration.port.ObjectStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * History lines by reference: a commit's lines longer than {@code inlineBytes} (UTF-8) go to the object store, all of them
 * in one gzip object, {@code history/<h>/<version>-<token>}, and the Redis list holds {@code @<version>-<token>#<index>}
 * in each one's place. {@code <h>} is the first 128 bits of SHA-256(key prefix, newline, execution id) in hex: a name any
 * object store takes, whatever the id holds, and one folder per execution, which its removal deletes whole (orphans of
 * commits that conflicted or crashed included). The token makes every put's name its own, so a conflicting writer never
 * overwrites the object of the commit that won.
 *
 * <p>A line that itself starts with {@code @} is kept as {@code @@...} (with or without an object store), so no line is
 * ever mistaken for a reference.
 */
final class HistoryOffload {
    static final int DEFAULT_INLINE_BYTES = 256;
    private static final String MARK = "@";

    private final ObjectStore objects;
    private final int inlineBytes;
    private final String prefix;

    /** @param objects null: every line stays inline (and a reference found is an error) */
    HistoryOffload(ObjectStore objects, int inlineBytes, String keyPrefix) {
        if (inlineBytes < 0) {
            throw new IllegalArgumentException("history-inline-bytes must be 0 or more, not " + inlineBytes);
        }
        this.objects = objects;
        this.inlineBytes = inlineBytes;
        this.prefix = keyPrefix;
    }

    HistoryOffload with(ObjectStore objects) {
        return new HistoryOffload(objects, inlineBytes, prefix);
    }

    boolean enabled() {
        return objects != null;
    }

    /** What Redis keeps of {@code lines}, and whether some of them are references to objects (the hash's 'historyObjects'). */
    record Stored(List<String> lines, boolean offloaded) {}

    /**
     * What the list keeps of a commit's {@code lines}: the long ones written to one object first (so a crash leaves only an
     * orphan object, never a dangling reference); {@code mayOffload} false keeps them all inline.
     */
    Stored store(String executionId, long version, List<String> lines, boolean mayOffload) {
        return kept(executionId, version, lines, mayOffload, false);
    }

    /**
     * What the list keeps of a woken execution's {@code lines}: as {@link #store} would, but a line already in the list's
     * form (a reference, or an escaped line: it starts with {@code @}) is kept as it is, so a sleep object holding the list
     * as stored ({@code ExecutionStubs.storedHistory}) costs no object read or write, and one from an older build, with
     * the lines themselves, is stored by reference again. History lines are JSON objects: none of them starts with
     * {@code @} itself.
     */
    Stored restore(String executionId, long version, List<String> lines) {
        return kept(executionId, version, lines, true, true);
    }

    private Stored kept(String executionId, long version, List<String> lines, boolean mayOffload, boolean listForm) {
        List<String> kept = new ArrayList<>(lines.size());
        List<String> long_ = new ArrayList<>();
        boolean referenced = false;
        String name = null;
        for (String line : lines) {
            if (listForm && line.startsWith(MARK)) {
                kept.add(line);
                referenced |= !line.startsWith(MARK, 1);
            } else if (mayOffload && objects != null && longer(line)) {
                if (name == null) {
                    name = version + "-" + UUID.randomUUID().toString().substring(0, 8);
                }
                kept.add(MARK + name + "#" + long_.size());
                long_.add(line);
            } else {
                kept.add(line.startsWith(MARK) ? MARK + line : line);
            }
        }
        if (!long_.isEmpty()) {
            objects.put(folder(executionId) + name, pack(long_));
        }
        return new Stored(kept, referenced || !long_.isEmpty());
    }

    /** Whether {@code line} is over {@code inlineBytes} in UTF-8 (1 to 3 bytes a char), encoding it only when unsure. */
    private boolean longer(String line) {
        int chars = line.length();
        return chars > inlineBytes || (3L * chars > inlineBytes && line.getBytes(StandardCharsets.UTF_8).length > inlineBytes);
    }

    /** The lines themselves for what the list holds: each object read once. */
    List<String> resolve(String executionId, List<String> stored) {
        List<String> lines = new ArrayList<>(stored.size());
        Map<String, List<String>> read = new HashMap<>();
        for (String line : stored) {
            if (!line.startsWith(MARK)) {
                lines.add(line);
            } else if (line.startsWith(MARK, 1)) {
                lines.add(line.substring(1));
            } else {
                int hash = line.lastIndexOf('#');
                String name = line.substring(1, hash);
                List<String> object = read.computeIfAbsent(name, n -> unpack(executionId, n));
                lines.add(object.get(Integer.parseInt(line.substring(hash + 1))));
            }
        }
        return lines;
    }

    /** Deletes every history object of the execution (its own and orphans alike). */
    void deleteAll(String executionId) {
        String folder = folder(executionId);
        List<ObjectStore.ObjectInfo> page;
        do {
            page = objects.list(folder, null, 1000);
            page.forEach(o -> objects.delete(o.key()));
        } while (page.size() == 1000);
    }

    private String folder(String executionId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((prefix + "\n" + executionId).getBytes(StandardCharsets.UTF_8));
            return io.sluice.orchestration.port.HistoryObjects.PREFIX + HexFormat.of().formatHex(digest, 0, 16) + "/";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    private static byte[] pack(List<String> lines) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(new GZIPOutputStream(bytes))) {
            out.writeInt(lines.size());
            for (String line : lines) {
                byte[] utf8 = line.getBytes(StandardCharsets.UTF_8);
                out.writeInt(utf8.length);
                out.write(utf8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private List<String> unpack(String executionId, String name) {
        if (objects == null) {
            throw new IllegalStateException("Execution " + executionId + " keeps history lines in the object store (" + name
                    + "), but this execution store was given none (RuntimePorts.sleepingIn)");
        }
        byte[] packed = objects.get(folder(executionId) + name).orElseThrow(() -> new IllegalStateException(
                "History object " + folder(executionId) + name + " of execution " + executionId + " is missing"));
        try (DataInputStream in = new DataInputStream(new GZIPInputStream(new ByteArrayInputStream(packed)))) {
            int count = in.readInt();
            List<String> lines = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                lines.add(new String(in.readNBytes(in.readInt()), StandardCharsets.UTF_8));
            }
            return lines;
        } catch (IOException e) {
            throw new UncheckedIOException("History object " + name + " of execution " + executionId + " is unreadable", e);
        }
    }
}
