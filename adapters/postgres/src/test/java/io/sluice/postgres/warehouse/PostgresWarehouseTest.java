package io.sluice.postgres.warehouse;

import io.sluice.orchestration.port.Warehouse;
import io.sluice.testkit.contract.WarehouseContract;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/** The Warehouse contract on a real PostgreSQL, in a database of this class's own; sources are local files. */
class PostgresWarehouseTest extends WarehouseContract {
    private static TestDatabase db;

    @TempDir
    static Path files;

    @BeforeAll
    static void createDatabase() {
        db = PostgresTestServer.shared().createDatabase(PostgresWarehouseTest.class.getSimpleName());
    }

    @AfterAll
    static void dropDatabase() {
        db.close();
    }

    @Override
    protected Warehouse createWarehouse() {
        return new PostgresWarehouse(db.dataSource(), BatchSource.files());
    }

    @Override
    protected void createTable(String table, List<String> columns, List<String> required) {
        PostgresTables.createTextTable(db, table, columns, required);
    }

    @Override
    protected String putSource(String content) {
        try {
            return Files.writeString(files.resolve(UUID.randomUUID() + ".csv"), content, StandardCharsets.UTF_8).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    protected String absentSource() {
        return files.resolve("absent.csv").toString();
    }

    @Override
    protected List<StoredRow> rows(String table) {
        return PostgresTables.rows(db, table).stream()
                .map(r -> new StoredRow(r.remove(PostgresWarehouse.BATCH_COLUMN), r)).toList();
    }
}
