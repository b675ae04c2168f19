package io.sluice.azure.queue;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The latest pop receipt of each message this process received. Storage Queues issue a new pop receipt on
 * every update of a message (a visibility change), and only the newest one deletes it; the port's receipt,
 * though, stays the same across {@code extendVisibility}. So the queue remembers, per message id, the pop
 * receipt its last update returned, and uses it in place of the one in the receipt. The memory is per
 * process (the worker that extends a message is the one that acknowledges it) and bounded: the oldest
 * entries go first.
 */
final class PopReceipts {
    private static final int MAX_ENTRIES = 20_000;

    private final Map<String, String> latest = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > MAX_ENTRIES;
        }
    };

    synchronized String current(String messageId, String fromReceipt) {
        return latest.getOrDefault(messageId, fromReceipt);
    }

    synchronized void updated(String messageId, String popReceipt) {
        latest.put(messageId, popReceipt);
    }

    synchronized void forget(String messageId) {
        latest.remove(messageId);
    }
}
