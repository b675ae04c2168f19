package io.sluice.testkit.fake;

import io.sluice.orchestration.port.KeyValueTable;
import io.sluice.testkit.contract.KeyValueTableContract;

/** The in-memory fake passes the same contract as the PostgreSQL table, so fast tests can trust it. */
class InMemoryKeyValueTableTest extends KeyValueTableContract {
    @Override
    protected KeyValueTable createTable() {
        return new InMemoryKeyValueTable();
    }
}
