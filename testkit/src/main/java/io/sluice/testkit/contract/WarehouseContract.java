package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.LoadResult;
import io.sluice.orchestration.port.LoadResult.Reason;
import io.sluice.orchestration.port.Warehouse;
import io.sluice.orchestration.port.Warehouse.LoadRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every {@link Warehouse} passes this suite. A subclass supplies the warehouse and three things only
 * its backend can do: create a table of text columns, put a file where a load can read it, read a
 * table's rows back.
 */
public abstract class WarehouseContract {
    protected static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");

    /** A row as read back: its batch id and its values by column, {@code null} for NULL. */
    public record StoredRow(String batch, Map<String, String> values) {}

    private Warehouse warehouse;
    private String table;

    protected abstract Warehouse createWarehouse();

    /** Creates {@code table} with nullable text {@code columns} and NOT NULL text {@code required} ones, plus the batch column. */
    protected abstract void createTable(String table, List<String> columns, List<String> required);

    /** Stores {@code content} and returns the location a load reads it from. */
    protected abstract String putSource(String content);

    /** A location where there is nothing. */
    protected abstract String absentSource();

    protected abstract List<StoredRow> rows(String table);

    @BeforeEach
    void setUp() {
        warehouse = createWarehouse();
        table = "sales_" + UUID.randomUUID().toString().substring(0, 8);
        createTable(table, List.of("id", "region", "note"), List.of());
    }

    private LoadResult load(String batch, String csv) {
        return warehouse.load(new LoadRequest(table, batch, putSource(csv), "csv", true, List.of()), T0);
    }

    private List<List<String>> values(String batch) {
        List<List<String>> out = new ArrayList<>();
        for (StoredRow r : rows(table)) {
            if (r.batch().equals(batch)) {
                out.add(Arrays.asList(r.values().get("id"), r.values().get("region"), r.values().get("note")));
            }
        }
        out.sort((a, b) -> a.getFirst().compareTo(b.getFirst()));
        return out;
    }

    @Test
    void aBatchIsLoadedWithItsRowCount() {
        assertThat(load("b1", "id,region,note\n1,eu,first\n2,us,\n3,apac,\"\"\n")).isEqualTo(new LoadResult.Loaded(3, false));
        assertThat(values("b1")).containsExactly(List.of("1", "eu", "first"), Arrays.asList("2", "us", null), List.of("3", "apac", ""));
    }

    @Test
    void declaredColumnsReadAFileWithoutHeaderInTheirOrderAndLeaveTheRestNull() {
        String source = putSource("eu,1\r\n\"us, west\",\"2\"\r\n");
        LoadResult result = warehouse.load(new LoadRequest(table, "b1", source, "csv", false, List.of("region", "id")), T0);
        assertThat(result).isEqualTo(new LoadResult.Loaded(2, false));
        assertThat(values("b1")).containsExactly(Arrays.asList("1", "eu", null), Arrays.asList("2", "us, west", null));
    }

    @Test
    void quotedFieldsKeepCommasQuotesAndLineBreaks() {
        load("b1", "id,region,note\n1,eu,\"a, \"\"quoted\"\"\nline\"\n");
        assertThat(values("b1")).containsExactly(List.of("1", "eu", "a, \"quoted\"\nline"));
    }

    @Test
    void loadingACompletedBatchAgainChangesNothingAndReportsTheLedgersCount() {
        load("b1", "id,region,note\n1,eu,x\n2,eu,y\n");
        assertThat(load("b1", "id,region,note\n7,us,z\n")).isEqualTo(new LoadResult.Loaded(2, true));
        // The ledger answers before the source is even opened.
        assertThat(warehouse.load(new LoadRequest(table, "b1", absentSource(), "parquet", false, List.of("id")), T0))
                .isEqualTo(new LoadResult.Loaded(2, true));
        assertThat(values("b1")).containsExactly(List.of("1", "eu", "x"), List.of("2", "eu", "y"));
    }

    @Test
    void aNewLoadOfABatchReplacesItsRowsAndRepeatingItChangesNothing() {
        LoadRequest first = new LoadRequest(table, "orders/2026-11-29", "exec-1", putSource("id,region,note\n1,eu,x\n2,eu,y\n"),
                "csv", true, List.of());
        assertThat(warehouse.load(first, T0)).isEqualTo(new LoadResult.Loaded(2, false));
        LoadRequest rerun = new LoadRequest(table, "orders/2026-11-29", "exec-2", putSource("id,region,note\n7,us,z\n"),
                "csv", true, List.of());
        assertThat(warehouse.load(rerun, T0)).as("a re-run of the partition").isEqualTo(new LoadResult.Loaded(1, false));
        assertThat(values("orders/2026-11-29")).containsExactly(List.of("7", "us", "z"));
        assertThat(warehouse.load(rerun, T0)).as("the re-run retried").isEqualTo(new LoadResult.Loaded(1, true));
        assertThat(warehouse.load(first, T0)).as("the first load, redelivered late, is a new load of the batch")
                .isEqualTo(new LoadResult.Loaded(2, false));
        assertThat(rows(table)).hasSize(2);
    }

    @Test
    void batchesAreIndependent() {
        load("b1", "id,region,note\n1,eu,x\n");
        assertThat(load("b2", "id,region,note\n2,us,y\n3,us,z\n")).isEqualTo(new LoadResult.Loaded(2, false));
        assertThat(values("b1")).containsExactly(List.of("1", "eu", "x"));
        assertThat(values("b2")).hasSize(2);
        assertThat(load("b3", "id,region,note\n")).isEqualTo(new LoadResult.Loaded(0, false));
    }

    @Test
    void aBatchThatDoesNotFitTheTableNamesMissingAndExtraColumnsAndLoadsNothing() {
        String strict = table + "_strict";
        createTable(strict, List.of("id", "note"), List.of("amount"));
        LoadResult result = warehouse.load(new LoadRequest(strict, "b1", putSource("id,colour,size\n1,red,9\n"), "csv", true,
                List.of()), T0);
        assertThat(result).isEqualTo(new LoadResult.SchemaMismatch(List.of("amount"), List.of("colour", "size")));
        assertThat(rows(strict)).isEmpty();
        String fixed = putSource("id,amount\n1,10\n");
        assertThat(warehouse.load(new LoadRequest(strict, "b1", fixed, "csv", true, List.of()), T0)).isEqualTo(new LoadResult.Loaded(1, false));
    }

    @Test
    void aFailedLoadLeavesNothingAndARetryLoadsTheBatchOnce() {
        assertThat(load("b1", "id,region,note\n1,eu,x\n2,eu,\"unterminated\n"))
                .isInstanceOfSatisfying(LoadResult.Rejected.class, r -> assertThat(r.reason()).isEqualTo(Reason.BAD_DATA));
        assertThat(rows(table)).isEmpty();
        assertThat(load("b1", "id,region,note\n1,eu,x\n2,eu,y\n")).isEqualTo(new LoadResult.Loaded(2, false));
        assertThat(values("b1")).hasSize(2);
    }

    @Test
    void aHeaderThatDisagreesWithTheDeclaredColumnsIsBadData() {
        LoadResult result = warehouse.load(new LoadRequest(table, "b1", putSource("region,id\neu,1\n"), "csv", true,
                List.of("id", "region")), T0);
        assertThat(result).isInstanceOfSatisfying(LoadResult.Rejected.class, r -> assertThat(r.reason()).isEqualTo(Reason.BAD_DATA));
        assertThat(rows(table)).isEmpty();
    }

    @Test
    void whatCannotBeLoadedIsRejectedWithItsReason() {
        String csv = putSource("id\n1\n");
        assertThat(reason(new LoadRequest(table + "_absent", "b1", csv, "csv", true, List.of()))).isEqualTo(Reason.TABLE_NOT_FOUND);
        assertThat(reason(new LoadRequest(table, "b1", absentSource(), "csv", true, List.of()))).isEqualTo(Reason.SOURCE_NOT_FOUND);
        assertThat(reason(new LoadRequest(table, "b1", csv, "parquet", true, List.of()))).isEqualTo(Reason.UNSUPPORTED_FORMAT);
        assertThat(reason(new LoadRequest(table, "b1", putSource("id,region\n1\n"), "csv", true, List.of()))).isEqualTo(Reason.BAD_DATA);
        assertThat(rows(table)).isEmpty();
    }

    private Reason reason(LoadRequest request) {
        LoadResult result = warehouse.load(request, T0);
        assertThat(result).isInstanceOf(LoadResult.Rejected.class);
        return ((LoadResult.Rejected) result).reason();
    }

    @Test
    void tenThreadsLoadingOneBatchLoadItsRowsExactlyOnce() throws Exception {
        String source = putSource("id,region,note\n1,eu,x\n2,eu,y\n3,us,z\n");
        LoadRequest request = new LoadRequest(table, "b1", source, "csv", true, List.of());
        List<LoadResult> results = Concurrently.run(10, () -> warehouse.load(request, T0));
        assertThat(results).containsOnly(new LoadResult.Loaded(3, false), new LoadResult.Loaded(3, true));
        assertThat(results).filteredOn(r -> r.equals(new LoadResult.Loaded(3, false))).hasSize(1);
        assertThat(values("b1")).hasSize(3);
        Map<String, Integer> perId = new HashMap<>();
        rows(table).forEach(r -> perId.merge(r.values().get("id"), 1, Integer::sum));
        assertThat(perId).containsOnly(Map.entry("1", 1), Map.entry("2", 1), Map.entry("3", 1));
    }
}
