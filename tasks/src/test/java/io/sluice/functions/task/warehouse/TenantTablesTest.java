package io.sluice.functions.task.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.tenancy.Owner;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.fake.InMemoryConfigStore;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.testkit.fake.InMemoryWarehouse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The warehouse is shared by every tenant, and a load's table is the whole of where it writes: tenant a's own machine
 * calling copy-to-warehouse with {@code "table": "b_sales"} loaded a's objects, under a's batch ids, into tenant b's
 * table. Now a tenant's run loads only into a table its pipeline's config names.
 */
class TenantTablesTest {
    static final Owner A = new Owner.Tenant("a", "a-ingest", "a-ingest:run");

    final InMemoryObjectStore objects = new InMemoryObjectStore();
    final InMemoryWarehouse warehouse = new InMemoryWarehouse(objects::get);
    final InMemoryConfigStore configs = new InMemoryConfigStore().put("a-ingest.json", """
            {"pipeline": "a-ingest", "warehouse": {"table": "a_sales", "source": "enriched/", "format": "csv"},
             "extra": {"warehouse": {"tables": ["a_returns"]}}}""");
    final CopyToWarehouse copy = new CopyToWarehouse(warehouse, configs, Clock.systemUTC());

    TenantTablesTest() {
        objects.put("tenants/a/enriched/2026-01-02.csv", "id\n1\n2\n".getBytes(StandardCharsets.UTF_8));
        for (String table : List.of("a_sales", "a_returns", "b_sales")) {
            warehouse.createTable(table, List.of("id"), Set.of("id"));
        }
    }

    static TaskContext run(Owner owner) {
        return new TaskContext("a-ingest:run.0.1.0", "a-ingest:run", "Copy", IntegrationPattern.REQUEST_RESPONSE, null, owner);
    }

    static String load(String table) {
        return "{\"table\": \"" + table + "\", \"batchId\": \"a-ingest/2026-01-02\", \"source\": \"enriched/2026-01-02.csv\"}";
    }

    @Test
    void aTenantLoadsTheTablesItsConfigNames() {
        assertThat(copy.apply(Json.parse(load("a_sales")), run(A)).path("rows").asInt()).isEqualTo(2);
        assertThat(copy.apply(Json.parse(load("a_returns")), run(A)).path("rows").asInt()).isEqualTo(2);
        assertThat(warehouse.rows("a_sales")).hasSize(2);
    }

    @Test
    void anotherTenantsTableIsRefusedAndNothingIsWritten() {
        TaskError e = catchThrowableOfType(TaskError.class, () -> copy.apply(Json.parse(load("b_sales")), run(A)));
        assertThat(e.errorName()).isEqualTo("Warehouse.InvalidRequest");
        assertThat(e.getMessage()).contains("'a'", "b_sales", "a-ingest");
        assertThat(e.retryable()).isFalse();
        assertThat(warehouse.rows("b_sales")).isEmpty();
    }

    @Test
    void withoutTheConfigsATenantLoadsNothing() {
        CopyToWarehouse unconfigured = new CopyToWarehouse(warehouse, Clock.systemUTC());
        TaskError e = catchThrowableOfType(TaskError.class, () -> unconfigured.apply(Json.parse(load("a_sales")), run(A)));
        assertThat(e.errorName()).isEqualTo("Warehouse.InvalidRequest");
        assertThat(warehouse.rows("a_sales")).isEmpty();
    }

    @Test
    void thePlatformsOwnRunsLoadWhatTheyName() {
        objects.put("enriched/2026-01-02.csv", "id\n7\n".getBytes(StandardCharsets.UTF_8));
        copy.apply(Json.parse(load("b_sales")), run(new Owner.Platform("a-ingest", "a-ingest:run")));
        assertThat(warehouse.rows("b_sales")).hasSize(1);
    }
}
