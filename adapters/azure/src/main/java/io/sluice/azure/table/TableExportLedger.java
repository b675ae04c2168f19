package io.sluice.azure.table;

import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.models.TableEntity;
import io.sluice.orchestration.port.ExportLedger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

/**
 * The export ledger on Table storage: one entity per (target, batch), PartitionKey = target, RowKey =
 * batch. Recording is an insert, which Table storage refuses (409) when the entity exists, so the first
 * record stays and concurrent recorders of one batch see exactly one {@code true}.
 */
public final class TableExportLedger implements ExportLedger {
    private final TableClient table;

    public TableExportLedger(TableServiceClient service, String tableName) {
        this.table = Tables.ensure(service, tableName);
    }

    @Override
    public Optional<ExportRecord> find(String target, String batchId) {
        TableEntity e = Tables.find(table, TableKeys.encode(target), TableKeys.encode(batchId));
        if (e == null) {
            return Optional.empty();
        }
        return Optional.of(new ExportRecord((String) e.getProperty("target"), (String) e.getProperty("batchId"),
                (String) e.getProperty("receipt"), ((Number) e.getProperty("bytes")).longValue(),
                Instant.parse((String) e.getProperty("pushedAt"))));
    }

    @Override
    public boolean record(ExportRecord record) {
        TableEntity e = new TableEntity(TableKeys.encode(record.target()), TableKeys.encode(record.batchId()))
                .addProperty("target", record.target())
                .addProperty("batchId", record.batchId())
                .addProperty("bytes", record.bytes())
                // the exact instant as text; the DateTime beside it is for people querying the table
                .addProperty("pushedAt", record.pushedAt().toString())
                .addProperty("pushedAtTime", OffsetDateTime.ofInstant(record.pushedAt(), ZoneOffset.UTC));
        if (record.receipt() != null) {
            e.addProperty("receipt", record.receipt());
        }
        return Tables.insertIfAbsent(table, e);
    }

    @Override
    public String toString() {
        return "TableExportLedger[" + table.getTableName() + "]";
    }
}
