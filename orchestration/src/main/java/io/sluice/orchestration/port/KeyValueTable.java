package io.sluice.orchestration.port;

import java.util.List;
import java.util.Optional;

/**
 * Items by key in named tables, each table in a namespace (a tenant's): what the DynamoDB-shaped
 * integrations ({@code dynamodb:putItem}, {@code aws-sdk:dynamodb:query}, ...) keep their items in on
 * hosts without DynamoDB. Narrow on purpose: a versioned read and a compare-and-set write per key, and
 * the items of one partition. Items are opaque JSON text here; condition and update expressions, key
 * schemas and result shapes are the caller's (the integration registry), so every backend behaves the same.
 *
 * <p>A delete leaves a tombstone ({@link Stored#item()} {@code null}) that keeps the key's version and
 * the writer that deleted it, so a task that deleted an item and runs again finds its own write instead
 * of failing a condition the first run changed.
 */
public interface KeyValueTable {

    /** What is stored under {@code key}, tombstones included; empty when nothing ever was. */
    Optional<Stored> get(String namespace, String table, ItemKey key);

    /**
     * Stores {@code write} under {@code key} if the stored version is still {@code expectedVersion}
     * ({@code 0}: nothing stored, not even a tombstone); the new version is {@code expectedVersion + 1}.
     *
     * @return whether it was stored; {@code false} when another write came first (read again and retry)
     */
    boolean write(String namespace, String table, ItemKey key, long expectedVersion, Write write);

    /** The live items (no tombstones) whose partition key is {@code partition}, in no particular order. */
    List<Stored> partition(String namespace, String table, String partition);

    /**
     * An item's key: the partition key's and the sort key's values, each in the caller's canonical text form
     * (so two spellings of one number are one key); {@code sort} is {@code ""} for a table without a sort key.
     */
    record ItemKey(String partition, String sort) {
        public ItemKey {
            if (partition == null || partition.isEmpty()) {
                throw new IllegalArgumentException("an item key needs a partition key value");
            }
            sort = sort == null ? "" : sort;
        }
    }

    /**
     * A write: the new item ({@code null} deletes it), who wrote it (a task token, so a task that runs again
     * recognises its own write) and the item it replaced ({@code null}: none), for a replayed write's answer.
     */
    record Write(String item, String writer, String previous) {}

    /** What a key holds: its version, the item ({@code null}: deleted), the last writer and the item before it. */
    record Stored(ItemKey key, long version, String item, String writer, String previous) {
        public boolean live() {
            return item != null;
        }
    }
}
