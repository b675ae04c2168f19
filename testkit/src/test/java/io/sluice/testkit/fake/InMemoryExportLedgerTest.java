package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ExportLedger;
import io.sluice.testkit.contract.ExportLedgerContract;

/** The in-memory fake passes the same contract as the real adapters, so fast tests can trust it. */
class InMemoryExportLedgerTest extends ExportLedgerContract {
    @Override
    protected ExportLedger createLedger() {
        return new InMemoryExportLedger();
    }
}
