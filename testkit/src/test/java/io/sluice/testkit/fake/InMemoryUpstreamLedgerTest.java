package io.sluice.testkit.fake;

import io.sluice.orchestration.port.UpstreamLedger;
import io.sluice.testkit.contract.UpstreamLedgerContract;

/** The in-memory fake passes the same contract as the Redis ledger, so fast tests can trust it. */
class InMemoryUpstreamLedgerTest extends UpstreamLedgerContract {
    @Override
    protected UpstreamLedger createLedger() {
        return new InMemoryUpstreamLedger();
    }
}
