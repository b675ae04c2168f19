package io.sluice.azure.kv;

import com.azure.data.tables.models.TableEntity;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Long text in a Table storage entity: its UTF-8 bytes as Edm.Binary properties of at most 64 KiB each
 * ({@code <name>0}, {@code <name>1}, ...) and their count ({@code <name>Parts}), since one property holds 64 KiB
 * and a DynamoDB item may be 400 KB. Bytes rather than strings because Table storage counts a string's UTF-16
 * size, twice the bytes of ASCII JSON, against the entity's 1 MiB.
 */
final class TextChunks {
    static final int CHUNK = 64 * 1024;

    private TextChunks() {}

    /** Adds {@code text} ({@code null}: nothing) under {@code name}; how many bytes it took. */
    static int put(TableEntity entity, String name, String text) {
        if (text == null) {
            return 0;
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        int parts = Math.max(1, (bytes.length + CHUNK - 1) / CHUNK);
        for (int i = 0; i < parts; i++) {
            int from = i * CHUNK;
            byte[] part = java.util.Arrays.copyOfRange(bytes, from, Math.min(bytes.length, from + CHUNK));
            entity.addProperty(name + i, part);
        }
        entity.addProperty(name + "Parts", parts);
        return bytes.length;
    }

    /** The text {@link #put} stored under {@code name}, or {@code null} when there is none. */
    static String get(TableEntity entity, String name) {
        Object count = entity.getProperty(name + "Parts");
        if (count == null) {
            return null;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < ((Number) count).intValue(); i++) {
            Object part = entity.getProperty(name + i);
            if (!(part instanceof byte[] bytes)) {
                throw new IllegalStateException("entity " + entity.getPartitionKey() + "/" + entity.getRowKey() + " lacks part " + i
                        + " of its " + name + " (found " + (part == null ? "nothing" : part.getClass().getSimpleName()) + ")");
            }
            out.writeBytes(bytes);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
