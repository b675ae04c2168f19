package io.sluice.postgres.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.LoadResult;
import io.sluice.orchestration.port.LoadResult.Reason;
import io.sluice.orchestration.port.Warehouse.LoadRequest;
import io.sluice.testkit.contract.Concurrently;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What only PostgreSQL shows: typed COPY, constraints, the catalog's view of a table, the ledger as SQL sees it. */
class PostgresWarehouseSpecificTest {
    private static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");
    private static TestDatabase db;

    @TempDir
    Path files;

    private final InMemoryObjectStore objects = new InMemoryObjectStore();
    private PostgresWarehouse warehouse;
    private String table;

    @BeforeAll
    static void createDatabase() {
        db = PostgresTestServer.shared().createDatabase(PostgresWarehouseSpecificTest.class.getSimpleName());
    }

    @AfterAll
    static void dropDatabase() {
        db.close();
    }

    @BeforeEach
    void setUp() {
        warehouse = new PostgresWarehouse(db.dataSource(), BatchSource.filesOr(objects));
        table = "sales_" + UUID.randomUUID().toString().substring(0, 8);
        PostgresTables.execute(db, "create table " + table + " (id bigint generated always as identity, order_id integer not null unique,"
                + " amount numeric(10,2) not null, sold_on date, loaded timestamptz not null default now(), sluice_batch text)");
    }

    private String file(String content) throws IOException {
        return Files.writeString(files.resolve(UUID.randomUUID() + ".csv"), content, StandardCharsets.UTF_8).toUri().toString();
    }

    private LoadResult load(String batch, String source) {
        return warehouse.load(new LoadRequest(table, batch, source, "csv", true, List.of()), T0);
    }

    @Test
    void copyParsesIntoTheTablesTypesAndTheLedgerRecordsTheLoad() throws IOException {
        assertThat(load("2026-11-29", file("\uFEFForder_id,amount,sold_on\n7,12.50,2026-11-29\n8,3,\n"))).isEqualTo(new LoadResult.Loaded(2, false));
        assertThat(PostgresTables.query(db, "select order_id, amount, sold_on, sluice_batch from " + table + " order by order_id"))
                .containsExactly(row("7", "12.50", "2026-11-29"), row("8", "3.00", null));
        assertThat(PostgresTables.query(db, "select table_name, batch_id, row_count, loaded_at = '2026-11-29T06:00:00Z' as at"
                + " from sluice_load_ledger where batch_id = '2026-11-29' and table_name = 'public." + table + "'"))
                .containsExactly(Map.of("table_name", "public." + table, "batch_id", "2026-11-29", "row_count", "2", "at", "t"));
    }

    private static Map<String, String> row(String orderId, String amount, String soldOn) {
        Map<String, String> row = new HashMap<>();
        row.put("order_id", orderId);
        row.put("amount", amount);
        row.put("sold_on", soldOn);
        row.put("sluice_batch", "2026-11-29");
        return row;
    }

    @Test
    void aValueOfTheWrongTypeIsBadDataNamingTheLineAndColumnAndLeavesNothing() throws IOException {
        LoadResult result = load("b1", file("order_id,amount\n1,1.00\n2,lots\n"));
        assertThat(result).isInstanceOfSatisfying(LoadResult.Rejected.class, r -> {
            assertThat(r.reason()).isEqualTo(Reason.BAD_DATA);
            assertThat(r.detail()).contains("numeric").contains("line 3").contains("column amount");
        });
        assertThat(PostgresTables.rows(db, table)).isEmpty();
        assertThat(PostgresTables.query(db, "select * from sluice_load_ledger where table_name = 'public." + table + "'")).isEmpty();
    }

    @Test
    void aBrokenConstraintIsBadData() throws IOException {
        LoadResult result = load("b1", file("order_id,amount\n1,1.00\n1,2.00\n"));
        assertThat(result).isInstanceOfSatisfying(LoadResult.Rejected.class, r -> assertThat(r.reason()).isEqualTo(Reason.BAD_DATA));
        assertThat(PostgresTables.rows(db, table)).isEmpty();
    }

    @Test
    void identityDefaultAndNullableColumnsMayBeLeftOutButNotNullOnesMayNot() throws IOException {
        LoadResult result = load("b1", file("order_id,sold_on,colour\n1,2026-11-29,red\n"));
        assertThat(result).isEqualTo(new LoadResult.SchemaMismatch(List.of("amount"), List.of("colour")));
    }

    @Test
    void aTableWithoutTheBatchColumnIsAMismatchNamingIt() throws IOException {
        PostgresTables.execute(db, "create table " + table + "_plain (order_id integer)");
        LoadResult result = warehouse.load(new LoadRequest(table + "_plain", "b1", file("order_id\n1\n"), "csv", true, List.of()), T0);
        assertThat(result).isEqualTo(new LoadResult.SchemaMismatch(List.of(), List.of(PostgresWarehouse.BATCH_COLUMN)));
    }

    @Test
    void rowsOfTheBatchAlreadyInTheTableWithoutALedgerEntryAreReplaced() throws IOException {
        PostgresTables.execute(db, "insert into " + table + " (order_id, amount, sluice_batch) values (1, 1, 'b1'), (2, 2, 'b1'), (9, 9, 'b0')");
        assertThat(load("b1", file("order_id,amount\n1,10\n2,20\n3,30\n"))).isEqualTo(new LoadResult.Loaded(3, false));
        assertThat(PostgresTables.query(db, "select order_id, amount from " + table + " order by order_id"))
                .extracting(r -> r.get("order_id") + "=" + r.get("amount")).containsExactly("1=10.00", "2=20.00", "3=30.00", "9=9.00");
    }

    @Test
    void theLedgerKnowsATableByItsQualifiedNameHoweverItIsSpelled() throws IOException {
        assertThat(load("b1", file("order_id,amount\n1,1\n"))).isEqualTo(new LoadResult.Loaded(1, false));
        LoadRequest qualified = new LoadRequest("public." + table, "b1", file("order_id,amount\n2,2\n"), "csv", true, List.of());
        assertThat(warehouse.load(qualified, T0)).isEqualTo(new LoadResult.Loaded(1, true));
    }

    @Test
    void objectStoreKeysAndPlainPathsAreSourcesToo() throws IOException {
        objects.put("enriched/sales/b1.csv", "order_id,amount\n1,1\n2,2\n".getBytes(StandardCharsets.UTF_8));
        assertThat(load("b1", "enriched/sales/b1.csv")).isEqualTo(new LoadResult.Loaded(2, false));
        String path = Path.of(URI.create(file("order_id,amount\n3,3\n"))).toString();
        assertThat(load("b2", path)).isEqualTo(new LoadResult.Loaded(1, false));
        assertThat(load("b3", "enriched/sales/absent.csv")).isInstanceOfSatisfying(LoadResult.Rejected.class,
                r -> assertThat(r.reason()).isEqualTo(Reason.SOURCE_NOT_FOUND));
    }

    @Test
    void tenThreadsLoadingTenBatchesAtOnceAllSucceed() throws Exception {
        List<String> sources = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            sources.add(file("order_id,amount\n" + (i * 2) + ",1\n" + (i * 2 + 1) + ",2\n"));
        }
        AtomicInteger next = new AtomicInteger();
        List<LoadResult> results = Concurrently.run(10, () -> {
            int i = next.getAndIncrement();
            return load("b" + i, sources.get(i));
        });
        assertThat(results).containsOnly(new LoadResult.Loaded(2, false));
        assertThat(PostgresTables.rows(db, table)).hasSize(20);
    }
}
