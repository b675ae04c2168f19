package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ExportLedger;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The export ledger in memory; passes the {@code ExportLedgerContract}. */
public final class InMemoryExportLedger implements ExportLedger {
    private final Map<String, ExportRecord> records = new ConcurrentHashMap<>();

    @Override
    public Optional<ExportRecord> find(String target, String batchId) {
        return Optional.ofNullable(records.get(target + "\u0000" + batchId));
    }

    @Override
    public boolean record(ExportRecord record) {
        return records.putIfAbsent(record.target() + "\u0000" + record.batchId(), record) == null;
    }
}
