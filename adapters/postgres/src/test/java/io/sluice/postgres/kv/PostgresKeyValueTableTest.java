package io.sluice.postgres.kv;

import io.sluice.orchestration.port.KeyValueTable;
import io.sluice.testkit.contract.KeyValueTableContract;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The KeyValueTable contract on a real PostgreSQL, in a database of this class's own. */
class PostgresKeyValueTableTest extends KeyValueTableContract {
    private static TestDatabase db;

    @BeforeAll
    static void createDatabase() {
        db = PostgresTestServer.shared().createDatabase(PostgresKeyValueTableTest.class.getSimpleName());
    }

    @AfterAll
    static void dropDatabase() {
        db.close();
    }

    @Override
    protected KeyValueTable createTable() {
        return new PostgresKeyValueTable(db.dataSource());
    }
}
