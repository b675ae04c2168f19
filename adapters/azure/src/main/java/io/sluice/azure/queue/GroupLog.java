package io.sluice.azure.queue;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import com.azure.data.tables.models.TableTransactionAction;
import com.azure.data.tables.models.TableTransactionActionType;
import io.sluice.azure.table.TableKeys;
import io.sluice.azure.table.Tables;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The log of one message group of a {@link StorageTaskQueue}, in one Table storage partition
 * ({@code g|<queue>|<group>}), so that every change to it can be one entity-group transaction:
 *
 * <ul>
 *   <li>{@code n}: the counter, the sequence number the next appended message gets;</li>
 *   <li>{@code m<seq>} (19 digits, so key order is number order): a message of the group not yet
 *       acknowledged, with its body (UTF-8 bytes), attributes and message id;</li>
 *   <li>{@code c}: the cursor, the lease on the group's head: which entry it covers, its token, the
 *       Storage Queue message (doorbell) that delivered it, until when, and how many times that entry has been
 *       delivered.</li>
 * </ul>
 * Appending raises the counter and inserts the entry in one transaction, so entries exist for every
 * sequence number below the counter except those acknowledged or dead-lettered: the group's head is its
 * lowest {@code m} entry. Leasing, releasing and dead-lettering change the cursor only if its ETag is as read,
 * so two consumers never both hold the head.
 */
final class GroupLog {
    private static final String COUNTER = "n";
    private static final String CURSOR = "c";
    private static final int MAX_ATTEMPTS = 50;

    /** A message of the group. */
    record Entry(long seq, String messageId, String body, Map<String, String> attributes) {}

    /** The cursor as read ({@code entity} null when the group never had a lease). */
    record Cursor(TableEntity entity, long leaseSeq, String token, String doorbell, long leaseUntil, int deliveries) {
        boolean held() {
            return token != null;
        }
    }

    /** The cursor and the head (null: the group has no message). */
    record View(String partition, Cursor cursor, Entry head) {}

    private final TableClient table;

    GroupLog(TableClient table) {
        this.table = table;
    }

    static String partition(String queue, String group) {
        return "g|" + TableKeys.join(queue, group);
    }

    private static String rowKey(long seq) {
        return String.format("m%019d", seq);
    }

    /** Appends a message at the group's end; returns its sequence number. */
    long append(String queue, String group, String messageId, String body, Map<String, String> attributes) {
        String pk = partition(queue, group);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            TableEntity counter = Tables.find(table, pk, COUNTER);
            long seq = counter == null ? 0 : ((Number) counter.getProperty("next")).longValue();
            TableEntity nextCounter = new TableEntity(pk, COUNTER).addProperty("next", seq + 1);
            TableEntity entry = new TableEntity(pk, rowKey(seq))
                    .addProperty("messageId", messageId)
                    .addProperty("body", body.getBytes(StandardCharsets.UTF_8))
                    .addProperty("attributes", QueueEnvelope.attributesJson(attributes));
            TableTransactionAction counterAction = counter == null
                    ? new TableTransactionAction(TableTransactionActionType.CREATE, nextCounter)
                    : new TableTransactionAction(TableTransactionActionType.UPDATE_REPLACE, Tables.conditional(nextCounter, counter), true);
            if (transact(List.of(counterAction, new TableTransactionAction(TableTransactionActionType.CREATE, entry)))) {
                return seq;
            }
        }
        throw new IllegalStateException("could not append to group " + group + " of queue " + queue + " in " + MAX_ATTEMPTS
                + " attempts: too many concurrent senders to one group");
    }

    /** The group's cursor and head, in one query. */
    View view(String queue, String group) {
        String pk = partition(queue, group);
        String filter = "PartitionKey eq " + TableKeys.literal(pk) + " and (RowKey eq 'c' or (RowKey ge 'm' and RowKey lt 'n'))";
        Cursor cursor = new Cursor(null, -1, null, null, 0, 0);
        Entry head = null;
        Iterator<TableEntity> found = table.listEntities(new ListEntitiesOptions().setFilter(filter).setTop(2), null, null).iterator();
        for (int i = 0; i < 2 && found.hasNext(); i++) {
            TableEntity e = found.next();
            if (e.getRowKey().equals(CURSOR)) {
                cursor = cursor(e);
            } else if (head == null) {
                head = entry(e);
            }
        }
        return new View(pk, cursor, head);
    }

    /** Whether the group has a message left. */
    boolean hasHead(String queue, String group) {
        String filter = "PartitionKey eq " + TableKeys.literal(partition(queue, group)) + " and RowKey ge 'm' and RowKey lt 'n'";
        return table.listEntities(new ListEntitiesOptions().setFilter(filter).setTop(1).setSelect(List.of("RowKey")), null, null)
                .iterator().hasNext();
    }

    /** Takes the lease on {@code view}'s head, unless the cursor changed since it was read. */
    boolean lease(View view, String token, String doorbell, long until, int deliveries) {
        TableEntity next = new TableEntity(view.partition(), CURSOR)
                .addProperty("leaseSeq", view.head().seq())
                .addProperty("token", token)
                .addProperty("doorbell", doorbell)
                .addProperty("leaseUntil", until)
                .addProperty("deliveries", deliveries);
        return writeCursor(view.cursor(), next);
    }

    /**
     * Acknowledges entry {@code seq} under lease {@code token}: removes it and frees the cursor in one
     * transaction. {@code false} when the lease is no longer {@code token}'s (it expired and another consumer
     * took it): then nothing changes.
     */
    boolean release(String queue, String group, long seq, String token) {
        String pk = partition(queue, group);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            TableEntity read = Tables.find(table, pk, CURSOR);
            if (read == null || !token.equals(read.getProperty("token")) || ((Number) read.getProperty("leaseSeq")).longValue() != seq) {
                return false;
            }
            TableTransactionAction free = new TableTransactionAction(TableTransactionActionType.UPDATE_REPLACE,
                    Tables.conditional(freeCursor(pk), read), true);
            boolean entryThere = Tables.find(table, pk, rowKey(seq)) != null;
            List<TableTransactionAction> actions = entryThere
                    ? List.of(new TableTransactionAction(TableTransactionActionType.DELETE, new TableEntity(pk, rowKey(seq))), free)
                    : List.of(free);
            if (transact(actions)) {
                return true;
            }
        }
        throw new IllegalStateException("could not acknowledge entry " + seq + " of group " + group + " in " + MAX_ATTEMPTS + " attempts");
    }

    /** Removes {@code view}'s head for good (it went to the dead-letter queue) and frees the cursor, unless the cursor changed. */
    boolean dropHead(View view) {
        TableEntity free = freeCursor(view.partition());
        TableTransactionAction cursorAction = view.cursor().entity() == null
                ? new TableTransactionAction(TableTransactionActionType.CREATE, free)
                : new TableTransactionAction(TableTransactionActionType.UPDATE_REPLACE, Tables.conditional(free, view.cursor().entity()), true);
        return transact(List.of(new TableTransactionAction(TableTransactionActionType.DELETE,
                new TableEntity(view.partition(), rowKey(view.head().seq()))), cursorAction));
    }

    /** Moves the end of lease {@code token} on entry {@code seq} to {@code until}; {@code false} when the lease is not its any more. */
    boolean extend(String queue, String group, long seq, String token, long until) {
        String pk = partition(queue, group);
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            TableEntity read = Tables.find(table, pk, CURSOR);
            if (read == null || !token.equals(read.getProperty("token")) || ((Number) read.getProperty("leaseSeq")).longValue() != seq) {
                return false;
            }
            Cursor c = cursor(read);
            TableEntity next = new TableEntity(pk, CURSOR).addProperty("leaseSeq", seq).addProperty("token", token)
                    .addProperty("doorbell", c.doorbell()).addProperty("leaseUntil", until).addProperty("deliveries", c.deliveries());
            if (writeCursor(c, next)) {
                return true;
            }
        }
        return false;
    }

    private static TableEntity freeCursor(String pk) {
        return new TableEntity(pk, CURSOR).addProperty("leaseSeq", -1L).addProperty("deliveries", 0);
    }

    private boolean writeCursor(Cursor read, TableEntity next) {
        try {
            if (read.entity() == null) {
                table.createEntity(next);
            } else {
                table.updateEntityWithResponse(Tables.conditional(next, read.entity()), TableEntityUpdateMode.REPLACE, true, null, Context.NONE);
            }
            return true;
        } catch (TableServiceException e) {
            if (Tables.status(e) == 409 || Tables.status(e) == 412) {
                return false;
            }
            throw e;
        }
    }

    /** Whether the transaction went through; {@code false} when one of its conditions failed (a concurrent change). */
    private boolean transact(List<TableTransactionAction> actions) {
        try {
            table.submitTransaction(actions);
            return true;
        } catch (TableServiceException e) {
            int status = Tables.status(e);
            if (status == 409 || status == 412 || status == 404 || status == 400 && e.getMessage() != null
                    && (e.getMessage().contains("UpdateConditionNotSatisfied") || e.getMessage().contains("EntityAlreadyExists"))) {
                return false;
            }
            throw e;
        }
    }

    private static Cursor cursor(TableEntity e) {
        Object token = e.getProperty("token");
        return new Cursor(e, ((Number) e.getProperty("leaseSeq")).longValue(), (String) token, (String) e.getProperty("doorbell"),
                e.getProperty("leaseUntil") == null ? 0 : ((Number) e.getProperty("leaseUntil")).longValue(),
                ((Number) e.getProperty("deliveries")).intValue());
    }

    private static Entry entry(TableEntity e) {
        Object body = e.getProperty("body");
        byte[] bytes = body instanceof byte[] b ? b : BinaryData.fromObject(body).toBytes();
        return new Entry(Long.parseLong(e.getRowKey().substring(1)), (String) e.getProperty("messageId"),
                new String(bytes, StandardCharsets.UTF_8), QueueEnvelope.attributesFrom((String) e.getProperty("attributes")));
    }
}
