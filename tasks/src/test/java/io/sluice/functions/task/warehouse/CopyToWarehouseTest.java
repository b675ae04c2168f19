package io.sluice.functions.task.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.testkit.fake.InMemoryWarehouse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CopyToWarehouseTest {
    /** The platform's own call outside any execution (the local function emulator's): trusted with its input. */
    static final TaskContext PLATFORM = TaskContext.outside(IntegrationPattern.REQUEST_RESPONSE, new Owner.Platform(null, null));

    final InMemoryObjectStore objects = new InMemoryObjectStore();
    final InMemoryWarehouse warehouse = new InMemoryWarehouse(objects::get);
    final CopyToWarehouse copy = new CopyToWarehouse(warehouse, Clock.fixed(Instant.parse("2026-11-29T06:00:00Z"), ZoneOffset.UTC));

    @BeforeEach
    void setUp() {
        warehouse.createTable("sales", List.of("id", "region", "amount"), Set.of("amount"));
        objects.put("enriched/sales.csv", "id,region,amount\n1,eu,10\n2,us,20\n".getBytes(StandardCharsets.UTF_8));
    }

    private TaskError failure(String input) {
        return catchThrowableOfType(TaskError.class, () -> copy.apply(Json.parse(input), PLATFORM));
    }

    @Test
    void aBatchIsLoadedOnceAndALaterCallReportsTheLedgersCount() {
        JsonNode input = Json.parse("{\"table\": \"sales\", \"batchId\": \"2026-11-29\", \"source\": \"enriched/sales.csv\"}");
        assertThat(Json.write(copy.apply(input, PLATFORM))).isEqualTo("{\"table\":\"sales\",\"batchId\":\"2026-11-29\",\"rows\":2,\"alreadyLoaded\":false}");
        assertThat(copy.apply(input, PLATFORM).get("alreadyLoaded").asBoolean()).isTrue();
        assertThat(warehouse.rows("sales")).hasSize(2);
    }

    @Test
    void aNewExecutionOfAPartitionReplacesItsRowsWhileARetryOfTheSameChangesNothing() {
        String load = "{\"table\": \"sales\", \"batchId\": \"sales/2026-11-29\", \"loadId\": \"%s\", \"source\": \"%s\"}";
        assertThat(copy.apply(Json.parse(load.formatted("ex-1", "enriched/sales.csv")), PLATFORM).get("rows").asLong()).isEqualTo(2);
        objects.put("fixed.csv", "3,eu,30\n".replace("3,", "id,region,amount\n3,").getBytes(StandardCharsets.UTF_8));
        JsonNode rerun = copy.apply(Json.parse(load.formatted("ex-2", "fixed.csv")), PLATFORM);
        assertThat(rerun.get("alreadyLoaded").asBoolean()).isFalse();
        assertThat(copy.apply(Json.parse(load.formatted("ex-2", "fixed.csv")), PLATFORM).get("alreadyLoaded").asBoolean()).isTrue();
        assertThat(warehouse.rows("sales")).extracting(r -> r.values().get("id")).containsExactly("3");
        assertThat(failure(load.formatted("", "fixed.csv")).getMessage()).contains("'loadId'");
    }

    @Test
    void declaredColumnsLoadAFileWithoutHeader() {
        objects.put("raw.csv", "30,apac\n".getBytes(StandardCharsets.UTF_8));
        JsonNode out = copy.apply(Json.parse("""
                {"table": "sales", "batchId": "b", "source": "raw.csv", "format": "csv", "header": false, "columns": ["amount", "region"]}"""), PLATFORM);
        assertThat(out.get("rows").asLong()).isEqualTo(1);
    }

    @Test
    void aMismatchNamesTheMissingAndExtraColumnsAndIsNotRetried() {
        objects.put("odd.csv", "id,colour\n1,red\n".getBytes(StandardCharsets.UTF_8));
        TaskError e = failure("{\"table\": \"sales\", \"batchId\": \"b\", \"source\": \"odd.csv\"}");
        assertThat(e.errorName()).isEqualTo("Warehouse.SchemaMismatch");
        assertThat(e.retryable()).isFalse();
        assertThat(e.getMessage()).contains("missing columns [amount]").contains("extra columns [colour]").contains("Nothing was loaded");
    }

    @Test
    void rejectionsHaveTheirOwnNames() {
        assertThat(failure("{\"table\": \"absent\", \"batchId\": \"b\", \"source\": \"enriched/sales.csv\"}").errorName())
                .isEqualTo("Warehouse.TableNotFound");
        assertThat(failure("{\"table\": \"sales\", \"batchId\": \"b\", \"source\": \"nothing.csv\"}").errorName())
                .isEqualTo("Warehouse.SourceNotFound");
        assertThat(failure("{\"table\": \"sales\", \"batchId\": \"b\", \"source\": \"enriched/sales.csv\", \"format\": \"orc\"}").errorName())
                .isEqualTo("Warehouse.UnsupportedFormat");
        objects.put("bad.csv", "id,region,amount\n1,\"eu\n".getBytes(StandardCharsets.UTF_8));
        assertThat(failure("{\"table\": \"sales\", \"batchId\": \"b\", \"source\": \"bad.csv\"}").errorName()).isEqualTo("Warehouse.BadData");
    }

    @Test
    void anIncompleteRequestIsInvalid() {
        assertThat(failure("{\"table\": \"sales\", \"source\": \"enriched/sales.csv\"}")).satisfies(e -> {
            assertThat(e.errorName()).isEqualTo("Warehouse.InvalidRequest");
            assertThat(e.getMessage()).contains("'batchId' is required");
        });
        assertThat(failure("{\"table\": \"sales\", \"batchId\": \"b\", \"source\": \"x\", \"header\": false}").getMessage())
                .contains("needs 'columns'");
        assertThat(failure("{\"table\": \"sales\", \"batchId\": \"b\", \"source\": \"x\", \"columns\": [\"a\", 1]}").getMessage())
                .contains("column name");
    }

    @Test
    void aWarehouseThatFailsIsRetryable() {
        CopyToWarehouse broken = new CopyToWarehouse((request, now) -> {
            throw new IllegalStateException("PostgreSQL: connection refused");
        }, Clock.systemUTC());
        TaskError e = catchThrowableOfType(TaskError.class, () -> broken.apply(Json.parse(
                "{\"table\": \"sales\", \"batchId\": \"b\", \"source\": \"enriched/sales.csv\"}"), PLATFORM));
        assertThat(e.errorName()).isEqualTo("Warehouse.CopyFailed");
        assertThat(e.retryable()).isTrue();
        assertThat(e.getMessage()).contains("connection refused");
    }
}
