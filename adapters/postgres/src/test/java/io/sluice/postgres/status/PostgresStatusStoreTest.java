package io.sluice.postgres.status;

import io.sluice.orchestration.port.StatusStore;
import io.sluice.testkit.contract.StatusStoreContract;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The StatusStore contract on a real PostgreSQL, in a database of this class's own. */
class PostgresStatusStoreTest extends StatusStoreContract {
    private static TestDatabase db;

    @BeforeAll
    static void createDatabase() {
        db = PostgresTestServer.shared().createDatabase(PostgresStatusStoreTest.class.getSimpleName());
    }

    @AfterAll
    static void dropDatabase() {
        db.close();
    }

    @Override
    protected StatusStore createStore() {
        return new PostgresStatusStore(db.dataSource());
    }
}
