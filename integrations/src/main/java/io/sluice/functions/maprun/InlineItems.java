package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** The items of the state's input (ItemsPath or Items); the cursor is the next index. */
record InlineItems(JsonNode items) implements ItemSource {
    @Override
    public Page read(String cursor, int max) {
        int from = cursor == null ? 0 : Integer.parseInt(cursor);
        int to = Math.min(items.size(), from + max);
        List<JsonNode> out = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            out.add(items.get(i));
        }
        return new Page(out, to < items.size() ? Integer.toString(to) : null);
    }
}
