package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** ReaderConfig InputType JSONL: one JSON value per line (blank lines skipped); the cursor is a byte offset. */
record JsonLinesItems(String key, Supplier<byte[]> content) implements ItemSource {
    @Override
    public Page read(String cursor, int max) {
        byte[] bytes = content.get();
        int at = cursor == null ? 0 : Integer.parseInt(cursor);
        List<JsonNode> out = new ArrayList<>();
        while (at < bytes.length && out.size() < max) {
            int end = at;
            while (end < bytes.length && bytes[end] != '\n') {
                end++;
            }
            String line = new String(bytes, at, end - at, StandardCharsets.UTF_8).strip();
            if (!line.isEmpty()) {
                try {
                    out.add(Json.parse(line));
                } catch (IllegalArgumentException e) {
                    throw new TaskError(ErrorNames.ITEM_READER_FAILED, "The JSON Lines object '" + key + "' has a line that is not JSON"
                            + " at byte " + at + ": " + e.getMessage(), false);
                }
            }
            at = end + 1;
        }
        while (at < bytes.length && isBlankLine(bytes, at)) {
            at = nextLine(bytes, at);
        }
        return new Page(out, at < bytes.length ? Integer.toString(at) : null);
    }

    private static boolean isBlankLine(byte[] bytes, int at) {
        for (int i = at; i < bytes.length && bytes[i] != '\n'; i++) {
            if (!Character.isWhitespace(bytes[i])) {
                return false;
            }
        }
        return true;
    }

    private static int nextLine(byte[] bytes, int at) {
        int i = at;
        while (i < bytes.length && bytes[i] != '\n') {
            i++;
        }
        return i + 1;
    }
}
