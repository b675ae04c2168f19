package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.path.PayloadTemplate;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Ticker;
import io.sluice.orchestration.path.Scope;
import io.sluice.orchestration.path.ValueTemplate;
import io.sluice.orchestration.path.jsonata.JsonataTemplate;
import java.time.Instant;
import java.util.Map;

/**
 * A distributed Map's ItemSelector, compiled once and applied to each item where the items are read (the
 * map run, outside the engine): {@code $} is the Map state's effective input, {@code $$} its context
 * object with {@code Map.Item.Index} and {@code Map.Item.Value} set, and the workflow variables those the
 * state saw. Without a selector, an item is its own child's input.
 */
public final class ItemSelection {
    private final ValueTemplate template;

    private ItemSelection(ValueTemplate template) {
        this.template = template;
    }

    /** @param selector the ItemSelector as written, or {@code null} */
    public static ItemSelection compile(JsonNode selector, boolean jsonata) {
        if (selector == null || selector.isNull()) {
            return new ItemSelection(null);
        }
        return new ItemSelection(jsonata ? JsonataTemplate.compile(selector, "ItemSelector") : PayloadTemplate.compile(selector));
    }

    /** The child input for item {@code index}; throws an {@code AslException} when the selector cannot be computed. */
    public JsonNode select(JsonNode item, int index, JsonNode input, ObjectNode context, Map<String, JsonNode> variables,
                           Instant now, RandomSource random) {
        return select(item, index, input, context, variables, now, random, Ticker.NONE);
    }

    /** As above, with the host's time source for the JSONata backstop (see {@link Ticker}). */
    public JsonNode select(JsonNode item, int index, JsonNode input, ObjectNode context, Map<String, JsonNode> variables,
                           Instant now, RandomSource random, Ticker ticker) {
        if (template == null) {
            return item;
        }
        ObjectNode ctx = context.deepCopy();
        ObjectNode entry = ctx.putObject("Map").putObject("Item");
        entry.put("Index", index);
        entry.set("Value", item);
        return template.render(new Scope(input, ctx, random, variables::get, null, null, now, ticker));
    }
}
