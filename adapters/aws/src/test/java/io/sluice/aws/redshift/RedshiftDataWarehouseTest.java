package io.sluice.aws.redshift;

import io.sluice.orchestration.port.Warehouse;
import io.sluice.testkit.contract.WarehouseContract;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The Warehouse contract against a <b>stub</b> of the Redshift Data API ({@code RedshiftDataStub}): nothing
 * serves Redshift here, so the stub speaks the Data API's JSON protocol and runs the statements it receives on
 * PostgreSQL, COPY included (from S3Mock). So every SQL statement the adapter sends is really executed, in one
 * transaction per batch; what the stub cannot prove about Redshift itself is listed on the stub.
 */
class RedshiftDataWarehouseTest extends WarehouseContract {
    private static RedshiftStubFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new RedshiftStubFixture(RedshiftDataWarehouseTest.class.getSimpleName());
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Override
    protected Warehouse createWarehouse() {
        return fixture.warehouse();
    }

    @Override
    protected void createTable(String table, List<String> columns, List<String> required) {
        fixture.createTextTable(table, columns, required);
    }

    @Override
    protected String putSource(String content) {
        return fixture.putSource(content);
    }

    @Override
    protected String absentSource() {
        return "absent-" + UUID.randomUUID() + ".csv";
    }

    @Override
    protected List<StoredRow> rows(String table) {
        return fixture.rows(table).stream().map(r -> {
            Map<String, String> values = new java.util.LinkedHashMap<>(r);
            return new StoredRow(values.remove(RedshiftWarehouseSettings.BATCH_COLUMN), values);
        }).toList();
    }
}
