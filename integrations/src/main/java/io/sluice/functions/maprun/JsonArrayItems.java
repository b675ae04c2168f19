package io.sluice.functions.maprun;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * ReaderConfig InputType JSON: the object holds one JSON array, whose elements are the items. It is read as a
 * stream, a page at a time; the cursor is the byte offset of the next element, from which the rest reads as an
 * array again (a {@code [} put before it).
 */
record JsonArrayItems(String key, Supplier<byte[]> content) implements ItemSource {
    @Override
    public Page read(String cursor, int max) {
        byte[] bytes = content.get();
        int offset = cursor == null ? 0 : Integer.parseInt(cursor);
        InputStream in = cursor == null ? new ByteArrayInputStream(bytes)
                : new SequenceInputStream(new ByteArrayInputStream("[".getBytes(StandardCharsets.US_ASCII)),
                        new ByteArrayInputStream(bytes, offset, bytes.length - offset));
        int shift = cursor == null ? 0 : offset - 1;
        List<JsonNode> out = new ArrayList<>();
        try (JsonParser p = Json.MAPPER.getFactory().createParser(in)) {
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw notArray();
            }
            while (true) {
                JsonToken t = p.nextToken();
                if (t == JsonToken.END_ARRAY) {
                    return new Page(out, null);
                }
                if (t == null) {
                    throw notArray();
                }
                if (out.size() == max) {
                    return new Page(out, Long.toString(p.currentTokenLocation().getByteOffset() + shift));
                }
                out.add(p.readValueAsTree());
            }
        } catch (IOException e) {
            throw new TaskError(ErrorNames.ITEM_READER_FAILED, "The JSON object '" + key + "' could not be read as an array of items: "
                    + e.getMessage(), false);
        }
    }

    private TaskError notArray() {
        return new TaskError(ErrorNames.ITEM_READER_FAILED, "The JSON object '" + key + "' must hold one JSON array of items"
                + " (InputType JSON); use JSONL for one value per line.", false);
    }
}
