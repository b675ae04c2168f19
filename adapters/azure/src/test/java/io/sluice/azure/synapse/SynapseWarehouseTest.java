package io.sluice.azure.synapse;

import io.sluice.orchestration.port.CsvHeaderLine;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.port.LoadResult;
import io.sluice.orchestration.port.LoadResult.Reason;
import io.sluice.orchestration.port.Warehouse.LoadRequest;
import io.sluice.stubs.azure.ScriptedSql;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Synapse warehouse's statements and transaction logic over a {@link ScriptedSql} (the stubs module): no Synapse pool runs
 * here, and PostgreSQL is no stand-in for T-SQL's COPY INTO, CTAS or {@code sys.columns}. What this cannot
 * prove: that the T-SQL parses and runs on a dedicated pool; COPY INTO's CSV reading (quotes, line breaks, an
 * empty field as NULL and {@code ""} as an empty string); that the lock row's UPDATE serialises two loads of one
 * batch (writers blocking writers) as the class comment reasons; and the error codes a real pool returns.
 * The WarehouseContract is not run against it: that would test the script, not Synapse.
 */
class SynapseWarehouseTest {
    private static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");
    private static final String URL = "https://acct.blob.core.windows.net/landing/sales/2026-11-29.csv";

    private ScriptedSql sql;
    private SynapseWarehouse warehouse;
    private Optional<BatchFiles.BatchFile> file;

    @BeforeEach
    void setUp() {
        sql = new ScriptedSql()
                .on("FROM sys.columns", p -> p.equals(List.of("analytics", "sales"))
                        ? List.of(column("id", 1), column("region", 0), column("note", 0), column("sluice_batch", 1)) : List.of())
                .on("INSERT INTO [analytics].[sales]", p -> 3L);
        file = Optional.of(new BatchFiles.BatchFile(URL, "id,region,note"));
        warehouse = new SynapseWarehouse(() -> sql.as(SqlSession.class), source -> file, "sluice", "IDENTITY = 'Managed Identity'");
        sql.forget();
    }

    private static Map<String, Object> column(String name, int required) {
        return Map.of("name", name, "required", required);
    }

    private LoadResult load(String table) {
        return warehouse.load(new LoadRequest(table, "orders/2026-11-29", "exec-1", "sales/2026-11-29.csv", "csv", true, List.of()), T0);
    }

    @Test
    void aLoadStagesWithCopyIntoThenReplacesTheBatchAndRecordsItInOneTransaction() {
        assertThat(load("analytics.sales")).isEqualTo(new LoadResult.Loaded(3, false));

        List<ScriptedSql.Statement> s = sql.recorded();
        assertThat(s).extracting(st -> st.sql().split(" ")[0] + (st.inTransaction() ? " (tx)" : "")).containsExactly(
                "SELECT", "SELECT", "INSERT", "CREATE", "COPY", "UPDATE (tx)", "SELECT (tx)", "DELETE (tx)", "INSERT (tx)",
                "DELETE (tx)", "INSERT (tx)", "DROP");
        assertThat(s.get(3).sql()).matches("CREATE TABLE \\[analytics]\\.\\[sluice_stage_[0-9a-f]{32}] WITH \\(DISTRIBUTION = ROUND_ROBIN, HEAP\\)"
                + " AS SELECT \\[id], \\[region], \\[note] FROM \\[analytics]\\.\\[sales] WHERE 1 = 0");
        assertThat(s.get(4).sql()).contains("COPY INTO [analytics].[sluice_stage_").contains("([id], [region], [note]) FROM '" + URL + "'")
                .contains("FILE_TYPE = 'CSV'").contains("FIRSTROW = 2").contains("MAXERRORS = 0").contains("CREDENTIAL = (IDENTITY = 'Managed Identity')");
        assertThat(s.get(5).sql()).isEqualTo("UPDATE [sluice].[sluice_load_lock] SET locked_at = ? WHERE table_name = ? AND batch_id = ?");
        assertThat(s.get(7)).satisfies(st -> {
            assertThat(st.sql()).isEqualTo("DELETE FROM [analytics].[sales] WHERE [sluice_batch] = ?");
            assertThat(st.parameters()).containsExactly("orders/2026-11-29");
        });
        assertThat(s.get(8).sql()).startsWith("INSERT INTO [analytics].[sales] ([id], [region], [note], [sluice_batch]) SELECT [id], [region], [note], ? FROM [analytics].[sluice_stage_");
        assertThat(s.get(10).parameters()).containsExactly("analytics.sales", "orders/2026-11-29", "exec-1", 3L, java.sql.Timestamp.from(T0));
        assertThat(s.get(11).sql()).isEqualTo("DROP TABLE " + s.get(3).sql().split(" ")[2]);
        assertThat(sql.transactions()).containsExactly("begin", "commit", "close");
    }

    @Test
    void aLoadTheLedgerHoldsChangesNothingAndOpensNoSource() {
        sql.on("FROM [sluice].[sluice_load_ledger]", p -> List.of(Map.of("row_count", 7L)));
        file = Optional.empty();
        assertThat(warehouse.load(new LoadRequest("analytics.sales", "b1", "exec-1", "absent", "parquet", false, List.of("id")), T0))
                .isEqualTo(new LoadResult.Loaded(7, true));
        assertThat(sql.sql()).noneMatch(q -> q.startsWith("COPY") || q.startsWith("DELETE") || q.startsWith("CREATE"));
    }

    @Test
    void aLoadThatFinishedWhileThisOneStagedIsFoundUnderTheLockAndThisOneRollsBack() {
        int[] ledgerReads = {0};
        sql.on("FROM [sluice].[sluice_load_ledger]", p -> ++ledgerReads[0] == 1 ? List.of() : List.of(Map.of("row_count", 3L)));
        assertThat(load("analytics.sales")).isEqualTo(new LoadResult.Loaded(3, true));
        assertThat(sql.transactions()).containsExactly("begin", "rollback", "close");
        assertThat(sql.sql()).noneMatch(q -> q.startsWith("DELETE")).last().asString().startsWith("DROP TABLE");
    }

    @Test
    void aFileCopyIntoRefusesIsBadDataWithNothingLoadedAndTheStagingDropped() {
        sql.on("COPY INTO", p -> new SQLException("Bulk load data conversion error (truncation) for row 3, column 2 (region).", "42000", 13812));
        assertThat(load("analytics.sales")).isInstanceOfSatisfying(LoadResult.Rejected.class, r -> {
            assertThat(r.reason()).isEqualTo(Reason.BAD_DATA);
            assertThat(r.detail()).contains("row 3");
        });
        assertThat(sql.transactions()).doesNotContain("begin");
        assertThat(sql.sql().getLast()).startsWith("DROP TABLE");
    }

    @Test
    void aFailureInsideTheTransactionRollsBackDropsTheStagingAndIsRetryable() {
        sql.on("INSERT INTO [analytics].[sales]", p -> new SQLException("Transaction was deadlocked", "40001", 1205));
        assertThatThrownBy(() -> load("analytics.sales")).isInstanceOf(IllegalStateException.class).hasMessageContaining("deadlocked");
        assertThat(sql.transactions()).containsExactly("begin", "rollback", "close");
        assertThat(sql.sql().getLast()).startsWith("DROP TABLE");
    }

    @Test
    void namesThatAreNotIdentifiersNeverReachTheStatements() {
        assertThat(load("sales]; DROP TABLE x; --")).isInstanceOfSatisfying(LoadResult.Rejected.class,
                r -> assertThat(r.reason()).isEqualTo(Reason.TABLE_NOT_FOUND));
        assertThat(sql.recorded()).isEmpty();
        file = Optional.of(new BatchFiles.BatchFile(URL, "id,\"region]; DROP\",note"));
        assertThat(load("analytics.sales")).isInstanceOfSatisfying(LoadResult.Rejected.class,
                r -> assertThat(r.reason()).isEqualTo(Reason.BAD_DATA));
        assertThat(sql.sql()).noneMatch(q -> q.contains("DROP\"") || q.startsWith("CREATE"));
        assertThat(TsqlNames.literal("https://a/it's.csv")).isEqualTo("'https://a/it''s.csv'");
    }

    @Test
    void aBatchThatDoesNotFitTheTableIsAMismatchAndAnAbsentTableOrSourceIsRejected() {
        file = Optional.of(new BatchFiles.BatchFile(URL, "region,colour"));
        assertThat(load("analytics.sales")).isEqualTo(new LoadResult.SchemaMismatch(List.of("id"), List.of("colour")));
        assertThat(load("analytics.absent")).isInstanceOfSatisfying(LoadResult.Rejected.class,
                r -> assertThat(r.reason()).isEqualTo(Reason.TABLE_NOT_FOUND));
        file = Optional.empty();
        assertThat(load("analytics.sales")).isInstanceOfSatisfying(LoadResult.Rejected.class,
                r -> assertThat(r.reason()).isEqualTo(Reason.SOURCE_NOT_FOUND));
        assertThat(sql.sql()).noneMatch(q -> q.startsWith("COPY"));
    }

    @Test
    void theFirstLineOfABlobIsItsFirstRecord() {
        assertThat(BatchFiles.firstLine("\uFEFFid,\"a\nb\"\r\n1,2\n")).isEqualTo("id,\"a\nb\"");
        assertThat(BatchFiles.firstLine("")).isNull();
        assertThat(CsvHeaderLine.fields("a,\"b,\"\"c\"\"\",")).containsExactly("a", "b,\"c\"", "");
    }
}
