package io.sluice.azure.kv;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import io.sluice.azure.table.TableKeys;
import io.sluice.azure.table.Tables;
import io.sluice.orchestration.port.KeyValueTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link KeyValueTable} on one Azure Table storage table: what the {@code dynamodb:*} integrations keep on Azure.
 * An item is one entity, PartitionKey = (namespace, table, partition key value) joined by {@link TableKeys#join}
 * (so a tenant's table's partition is one Table storage partition, which {@link #partition} queries), RowKey =
 * {@code k} and the encoded sort key value (Table storage takes no empty key). Beside them: {@code version}
 * (Edm.Int64), {@code live} (false on a tombstone), {@code writer}, the raw key values, and the item's and the
 * previous item's attribute-value JSON as UTF-8 chunks ({@link TextChunks}).
 *
 * <p>Compare-and-set: version 0 is an insert, which Table storage refuses (409) when any entity, tombstone or not,
 * holds the key. Any other version reads the entity, compares its {@code version} and replaces it with the read
 * ETag as {@code If-Match}, so the replace lands only if nobody wrote in between (412 otherwise). Either refusal
 * is {@code false}: the caller (the integration's condition evaluation) reads again, evaluates its condition again
 * and retries, bounded — no update is lost and no condition is judged on a stale item.
 */
public final class TableKeyValueTable implements KeyValueTable {
    /** What the item and the item it replaced may take together: the entity's 1 MiB less room for keys and properties. */
    static final int MAX_BYTES = 1024 * 1024 - 64 * 1024;
    private static final String ROW_PREFIX = "k";

    private final TableClient table;

    public TableKeyValueTable(TableServiceClient service, String tableName) {
        this.table = Tables.ensure(service, tableName);
    }

    @Override
    public Optional<Stored> get(String namespace, String name, ItemKey key) {
        return Optional.ofNullable(Tables.find(table, partitionKey(namespace, name, key.partition()), rowKey(key)))
                .map(TableKeyValueTable::stored);
    }

    @Override
    public boolean write(String namespace, String name, ItemKey key, long expectedVersion, Write write) {
        String pk = partitionKey(namespace, name, key.partition());
        String rk = rowKey(key);
        TableEntity next = entity(pk, rk, key, expectedVersion + 1, write);
        try {
            if (expectedVersion == 0) {
                table.createEntity(next);
                return true;
            }
            TableEntity read = Tables.find(table, pk, rk);
            if (read == null || version(read) != expectedVersion) {
                return false;
            }
            table.updateEntityWithResponse(Tables.conditional(next, read), TableEntityUpdateMode.REPLACE, true, null, Context.NONE);
            return true;
        } catch (TableServiceException e) {
            int status = Tables.status(e);
            if (status == 409 || status == 412 || status == 404) {
                return false; // another writer came first
            }
            throw e;
        }
    }

    @Override
    public List<Stored> partition(String namespace, String name, String partition) {
        String filter = "PartitionKey eq " + TableKeys.literal(partitionKey(namespace, name, partition)) + " and live eq true";
        List<Stored> out = new ArrayList<>();
        for (TableEntity e : table.listEntities(new ListEntitiesOptions().setFilter(filter), null, null)) {
            out.add(stored(e));
        }
        return out;
    }

    private static String partitionKey(String namespace, String name, String partition) {
        return TableKeys.join(namespace, name, partition);
    }

    private static String rowKey(ItemKey key) {
        return ROW_PREFIX + TableKeys.encode(key.sort());
    }

    private static TableEntity entity(String pk, String rk, ItemKey key, long version, Write write) {
        TableEntity e = new TableEntity(pk, rk)
                .addProperty("version", version)
                .addProperty("live", write.item() != null)
                .addProperty("partitionKey", key.partition())
                .addProperty("sortKey", key.sort());
        if (write.writer() != null) {
            e.addProperty("writer", write.writer());
        }
        int bytes = TextChunks.put(e, "item", write.item()) + TextChunks.put(e, "previous", write.previous());
        if (bytes > MAX_BYTES) {
            throw new IllegalArgumentException("item " + key.partition() + (key.sort().isEmpty() ? "" : "/" + key.sort()) + ": the item and"
                    + " the item it replaces take " + bytes + " bytes together; Table storage keeps at most " + MAX_BYTES + " in one entity");
        }
        return e;
    }

    private static long version(TableEntity e) {
        return ((Number) e.getProperty("version")).longValue();
    }

    private static Stored stored(TableEntity e) {
        ItemKey key = new ItemKey((String) e.getProperty("partitionKey"), (String) e.getProperty("sortKey"));
        return new Stored(key, version(e), TextChunks.get(e, "item"), (String) e.getProperty("writer"), TextChunks.get(e, "previous"));
    }

    @Override
    public String toString() {
        return "TableKeyValueTable[" + table.getTableName() + "]";
    }
}
