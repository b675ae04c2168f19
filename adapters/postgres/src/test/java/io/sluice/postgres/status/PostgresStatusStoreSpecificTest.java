package io.sluice.postgres.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.postgres.warehouse.BatchSource;
import io.sluice.postgres.warehouse.PostgresWarehouse;
import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.testkit.contract.Concurrently;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The status table as PostgreSQL holds it: created once by many starting processes, and plain SQL for data teams. */
class PostgresStatusStoreSpecificTest {
    private static TestDatabase db;

    @BeforeAll
    static void createDatabase() {
        db = PostgresTestServer.shared().createDatabase(PostgresStatusStoreSpecificTest.class.getSimpleName());
    }

    @AfterAll
    static void dropDatabase() {
        db.close();
    }

    @Test
    void tenProcessesStartingAtOnceCreateTheTablesOnceAndTheRowsAreQueryableBySql() throws Exception {
        List<PostgresStatusStore> stores = Concurrently.run(10, () -> {
            new PostgresWarehouse(db.dataSource(), BatchSource.files());
            return new PostgresStatusStore(db.dataSource());
        });
        stores.getFirst().upsert(new StatusRecord("ex-1", "orders", "2026-11-29", RunState.SUCCEEDED, 0,
                Instant.parse("2026-11-29T06:00:00Z"), Instant.parse("2026-11-29T06:01:30Z"), 10L, 9L, null, "sha256:c", null));
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select state, extract(epoch from ended_at - started_at), rows_out, updated_at is not null"
                     + " from sluice_status where pipeline = 'orders' and partition = '2026-11-29'")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("SUCCEEDED");
            assertThat(rs.getDouble(2)).isEqualTo(90.0);
            assertThat(rs.getLong(3)).isEqualTo(9);
            assertThat(rs.getBoolean(4)).isTrue();
        }
    }
}
