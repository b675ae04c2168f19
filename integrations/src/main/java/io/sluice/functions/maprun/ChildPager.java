package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.definition.ItemSelection;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Ticker;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns items into the inputs of child executions, a page at a time: reads up to a page of items from the
 * source (at most {@code MaxItems} in all), applies the ItemSelector to each (with its index in the whole
 * run) and, with an ItemBatcher, groups them into {@code {"Items": [...], "BatchInput": ...}} batches of at
 * most MaxItemsPerBatch items and MaxInputBytesPerBatch bytes. A page is read again the same from the same
 * start, so a page need not be kept: the run's record keeps where the current page starts.
 */
final class ChildPager {
    /** Items read per page: a page is what one coordinator call holds in memory. */
    static final int ITEMS_PER_PAGE = 1000;

    /** Where a page starts: the source's cursor, and the index of its first child and first item. */
    record Start(String cursor, long firstChild, long firstItem) {}

    /** @param next where the next page starts, or {@code null} when this is the last */
    record Page(Start start, List<JsonNode> inputs, Start next) {
        long end() {
            return start.firstChild() + inputs.size();
        }
    }

    private final MapRunRequest request;
    private final ItemSource source;
    private final ItemSelection selection;
    private final Long maxItems;
    private final Ticker ticker;

    /** @param ticker the time of the ItemSelector's expression backstop ({@link Ticker#NONE}: none) */
    ChildPager(MapRunRequest request, ItemSource source, Ticker ticker) {
        this.request = request;
        this.ticker = ticker;
        this.source = source;
        this.selection = ItemSelection.compile(request.itemSelector(), request.jsonata());
        JsonNode max = request.reader() == null ? null : request.reader().path("ReaderConfig").get("MaxItems");
        this.maxItems = max == null || max.asLong() <= 0 ? null : max.asLong();
    }

    Page read(Start start, Instant now, RandomSource random) {
        int want = itemsPerPage();
        if (maxItems != null) {
            want = (int) Math.max(0, Math.min(want, maxItems - start.firstItem()));
        }
        if (want == 0) {
            return new Page(start, List.of(), null);
        }
        ItemSource.Page items = source.read(start.cursor(), want);
        List<JsonNode> selected = new ArrayList<>(items.items().size());
        for (int i = 0; i < items.items().size(); i++) {
            selected.add(select(items.items().get(i), start.firstItem() + i, now, random));
        }
        List<JsonNode> inputs = request.batched() ? batches(selected) : selected;
        long nextItem = start.firstItem() + selected.size();
        boolean last = items.next() == null || (maxItems != null && nextItem >= maxItems) || selected.isEmpty();
        return new Page(start, inputs, last ? null : new Start(items.next(), start.firstChild() + inputs.size(), nextItem));
    }

    private int itemsPerPage() {
        Integer perBatch = request.maxItemsPerBatch();
        if (perBatch == null || perBatch <= 0) {
            return ITEMS_PER_PAGE;
        }
        return (int) Math.min(Integer.MAX_VALUE, ((ITEMS_PER_PAGE + (long) perBatch - 1) / perBatch) * perBatch);
    }

    private JsonNode select(JsonNode item, long index, Instant now, RandomSource random) {
        try {
            return selection.select(item, Math.toIntExact(index), request.input(), request.context(), request.variables(), now, random,
                    ticker);
        } catch (AslException e) {
            throw new TaskError(e.error(), "ItemSelector of Map state '" + request.stateName() + "', item " + index + ": " + e.cause(), false);
        }
    }

    private List<JsonNode> batches(List<JsonNode> items) {
        int maxItems = request.maxItemsPerBatch() == null ? Integer.MAX_VALUE : request.maxItemsPerBatch();
        long maxBytes = request.maxBytesPerBatch() == null ? Long.MAX_VALUE : request.maxBytesPerBatch();
        long base = bytes(batch(Json.NODES.arrayNode()));
        List<JsonNode> out = new ArrayList<>();
        ArrayNode current = Json.NODES.arrayNode();
        long size = base;
        for (JsonNode item : items) {
            long itemBytes = bytes(item) + (current.isEmpty() ? 0 : 1);
            if (!current.isEmpty() && (current.size() >= maxItems || size + itemBytes > maxBytes)) {
                out.add(batch(current));
                current = Json.NODES.arrayNode();
                size = base;
                itemBytes = bytes(item);
            }
            if (base + itemBytes > maxBytes) {
                throw new TaskError(ErrorNames.ITEM_READER_FAILED, "An item of Map state '" + request.stateName() + "' is "
                        + bytes(item) + " bytes, more than fits in a batch of MaxInputBytesPerBatch " + maxBytes + " bytes.", false);
            }
            current.add(item);
            size += itemBytes;
        }
        if (!current.isEmpty()) {
            out.add(batch(current));
        }
        return out;
    }

    private JsonNode batch(ArrayNode items) {
        ObjectNode b = Json.object();
        b.set("Items", items);
        if (request.batchInput() != null) {
            b.set("BatchInput", request.batchInput());
        }
        return b;
    }

    private static long bytes(JsonNode v) {
        return Json.write(v).getBytes(StandardCharsets.UTF_8).length;
    }
}
