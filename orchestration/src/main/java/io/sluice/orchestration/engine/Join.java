package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The bookkeeping of a Parallel or Map state while its children run: one result slot per branch or
 * item, how many are still out, and for a Map which item starts next under its concurrency limit.
 */
public final class Join {
    final JsonNode[] results;
    int outstanding;
    int nextItem;
    final int limit;
    /** Map only: the items, and the state's effective input for ItemSelector. */
    final JsonNode items;
    final JsonNode mapInput;

    Join(int size, int limit, JsonNode items, JsonNode mapInput) {
        this.results = new JsonNode[size];
        this.limit = limit;
        this.items = items;
        this.mapInput = mapInput;
    }

    public int size() { return results.length; }
    public int outstanding() { return outstanding; }
    public int nextItem() { return nextItem; }
    public boolean isMap() { return items != null; }

    boolean allDone() {
        return outstanding == 0 && (items == null || nextItem >= results.length);
    }
}
