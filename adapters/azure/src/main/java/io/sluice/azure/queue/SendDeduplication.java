package io.sluice.azure.queue;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import io.sluice.azure.table.TableKeys;
import io.sluice.azure.table.Tables;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Clock;

/**
 * Which message ids were sent to a queue within {@link TaskQueue#DEDUPLICATION_WINDOW}: one entity per
 * (queue, id) in Table storage (PartitionKey {@code d|<queue>}, RowKey = id) holding when it was sent. A first
 * send inserts it; Table storage refuses a second insert (409), and the send is a duplicate unless the
 * recorded one is older than the window, in which case it is replaced only if unchanged since read (so of
 * two late senders one wins). Entities outlive the window (Table storage has no expiry); they are a few
 * dozen bytes each, and a clean-up job may delete those whose {@code sentAt} is old.
 */
final class SendDeduplication {
    private final TableClient table;
    private final Clock clock;

    SendDeduplication(TableClient table, Clock clock) {
        this.table = table;
        this.clock = clock;
    }

    /** Whether this is the first send of {@code id} to {@code queue} within the window (and so is to go ahead). */
    boolean firstSend(String queue, String id) {
        String pk = "d|" + TableKeys.encode(queue);
        String rk = TableKeys.encode(id);
        long now = clock.millis();
        TableEntity entity = new TableEntity(pk, rk).addProperty("sentAt", now);
        if (Tables.insertIfAbsent(table, entity)) {
            return true;
        }
        TableEntity recorded = Tables.find(table, pk, rk);
        if (recorded == null) {
            return Tables.insertIfAbsent(table, entity);
        }
        long sentAt = ((Number) recorded.getProperty("sentAt")).longValue();
        if (now - sentAt < TaskQueue.DEDUPLICATION_WINDOW.toMillis()) {
            return false;
        }
        try {
            table.updateEntityWithResponse(Tables.conditional(entity, recorded), TableEntityUpdateMode.REPLACE, true, null, Context.NONE);
            return true;
        } catch (TableServiceException e) {
            if (Tables.status(e) == 412) {
                return false; // another sender renewed it first
            }
            throw e;
        }
    }
}
