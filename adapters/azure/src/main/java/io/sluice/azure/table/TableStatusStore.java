package io.sluice.azure.table;

import com.azure.core.util.Context;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.ListEntitiesOptions;
import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableEntityUpdateMode;
import com.azure.data.tables.models.TableServiceException;
import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.StatusStore;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The status table on Azure Table storage. A run's row is the entity (PartitionKey = pipeline,
 * RowKey = execution id), so a pipeline's runs are one partition, which {@link #find} queries (filtered on
 * {@code partition} when asked) and sorts newest start first. Because {@link #get} knows only the execution
 * id, a second, immutable entity (PartitionKey {@code ~run}, RowKey = execution id) records which pipeline the
 * run belongs to; it is written, insert-if-absent, before the run's first row, and a run whose locator
 * exists but whose row does not (a writer died in between) reads as absent.
 *
 * <p>Writes are optimistic: read the row and its ETag, decide with {@link StatusRecord#replaces} and
 * {@link StatusRecord#over}, then replace it only if the ETag is unchanged (or insert it only if absent);
 * a lost race (412, 409) reads again and decides again. So concurrent writers of one run serialise, and the
 * first final state stays. Times are Edm.DateTime values (kept to 100 ns), counts Edm.Int64, absent fields
 * absent properties.
 */
public final class TableStatusStore implements StatusStore {
    static final String LOCATOR_PARTITION = "~run";
    private static final int MAX_ATTEMPTS = 100;
    private static final Comparator<StatusRecord> NEWEST_FIRST = Comparator
            .comparing(StatusRecord::started, Comparator.nullsLast(Comparator.<Instant>reverseOrder()))
            .thenComparing(StatusRecord::executionId);

    private final TableClient table;

    public TableStatusStore(TableServiceClient service, String tableName) {
        this.table = Tables.ensure(service, tableName);
    }

    @Override
    public Upserted upsert(StatusRecord record) {
        String pipeline = pipelineOf(record);
        String pk = TableKeys.encode(pipeline);
        String rk = TableKeys.encode(record.executionId());
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            TableEntity read = Tables.find(table, pk, rk);
            try {
                if (read == null) {
                    StatusRecord row = pipeline.equals(record.pipeline()) ? record : withPipeline(record, pipeline);
                    table.createEntity(entity(pk, rk, row));
                    return new Upserted(row, true);
                }
                StatusRecord current = record(read);
                if (!record.replaces(current)) {
                    return new Upserted(current, false);
                }
                StatusRecord next = record.over(current);
                table.updateEntityWithResponse(Tables.conditional(entity(pk, rk, next), read), TableEntityUpdateMode.REPLACE, true,
                        null, Context.NONE);
                return new Upserted(next, true);
            } catch (TableServiceException e) {
                int status = Tables.status(e);
                if (status != 409 && status != 412) {
                    throw e;
                }
                // another writer got there first: read again and decide again
            }
        }
        throw new IllegalStateException("the status row of " + record.executionId() + " changed under " + MAX_ATTEMPTS
                + " attempts to write it; giving up (a retry of the task will write it)");
    }

    /** The pipeline the run's row lives under: the locator's, written now if this is the run's first write. */
    private String pipelineOf(StatusRecord record) {
        String rk = TableKeys.encode(record.executionId());
        TableEntity locator = new TableEntity(LOCATOR_PARTITION, rk).addProperty("pipeline", record.pipeline());
        if (Tables.insertIfAbsent(table, locator)) {
            return record.pipeline();
        }
        TableEntity found = Tables.find(table, LOCATOR_PARTITION, rk);
        return found == null ? record.pipeline() : (String) found.getProperty("pipeline");
    }

    @Override
    public Optional<StatusRecord> get(String executionId) {
        String rk = TableKeys.encode(executionId);
        TableEntity locator = Tables.find(table, LOCATOR_PARTITION, rk);
        if (locator == null) {
            return Optional.empty();
        }
        TableEntity row = Tables.find(table, TableKeys.encode((String) locator.getProperty("pipeline")), rk);
        return Optional.ofNullable(row).map(TableStatusStore::record);
    }

    @Override
    public List<StatusRecord> find(String pipeline, String partition, int limit) {
        String filter = "PartitionKey eq " + TableKeys.literal(TableKeys.encode(pipeline))
                + (partition == null ? "" : " and partition eq " + TableKeys.literal(partition));
        List<StatusRecord> runs = new ArrayList<>();
        for (TableEntity e : table.listEntities(new ListEntitiesOptions().setFilter(filter), null, null)) {
            runs.add(record(e));
        }
        runs.sort(NEWEST_FIRST);
        return runs.size() > limit ? List.copyOf(runs.subList(0, limit)) : runs;
    }

    private static StatusRecord withPipeline(StatusRecord r, String pipeline) {
        return new StatusRecord(r.executionId(), pipeline, r.partition(), r.state(), r.redriveCount(), r.started(), r.ended(),
                r.rowsIn(), r.rowsOut(), r.error(), r.configHash(), r.jobLogUrl());
    }

    static TableEntity entity(String pk, String rk, StatusRecord r) {
        TableEntity e = new TableEntity(pk, rk)
                .addProperty("executionId", r.executionId())
                .addProperty("pipeline", r.pipeline())
                .addProperty("state", r.state().name())
                .addProperty("redriveCount", r.redriveCount());
        put(e, "partition", r.partition());
        put(e, "started", r.started() == null ? null : OffsetDateTime.ofInstant(r.started(), ZoneOffset.UTC));
        put(e, "ended", r.ended() == null ? null : OffsetDateTime.ofInstant(r.ended(), ZoneOffset.UTC));
        put(e, "rowsIn", r.rowsIn());
        put(e, "rowsOut", r.rowsOut());
        put(e, "error", r.error());
        put(e, "configHash", r.configHash());
        put(e, "jobLogUrl", r.jobLogUrl());
        return e;
    }

    private static void put(TableEntity e, String name, Object value) {
        if (value != null) {
            e.addProperty(name, value);
        }
    }

    static StatusRecord record(TableEntity e) {
        return new StatusRecord((String) e.getProperty("executionId"), (String) e.getProperty("pipeline"),
                (String) e.getProperty("partition"), RunState.valueOf((String) e.getProperty("state")),
                ((Number) e.getProperty("redriveCount")).intValue(), instant(e.getProperty("started")), instant(e.getProperty("ended")),
                number(e.getProperty("rowsIn")), number(e.getProperty("rowsOut")), (String) e.getProperty("error"),
                (String) e.getProperty("configHash"), (String) e.getProperty("jobLogUrl"));
    }

    private static Instant instant(Object value) {
        return switch (value) {
            case null -> null;
            case OffsetDateTime t -> t.toInstant();
            case String s -> OffsetDateTime.parse(s).toInstant();
            default -> throw new IllegalStateException("a time in the status table is a " + value.getClass().getSimpleName());
        };
    }

    private static Long number(Object value) {
        return value == null ? null : ((Number) value).longValue();
    }

    @Override
    public String toString() {
        return "TableStatusStore[" + table.getTableName() + "]";
    }
}
