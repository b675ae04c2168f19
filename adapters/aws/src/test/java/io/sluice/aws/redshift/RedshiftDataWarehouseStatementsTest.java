package io.sluice.aws.redshift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.stubs.aws.RedshiftDataStub.Received;
import io.sluice.orchestration.port.LoadResult;
import io.sluice.orchestration.port.LoadResult.Reason;
import io.sluice.orchestration.port.Warehouse.LoadRequest;
import io.sluice.testkit.time.ManualClock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What reached the <b>stub</b> of the Redshift Data API (nothing serves Redshift here; the stub runs the
 * statements on PostgreSQL): the statements a load sends, in order, with every caller value a parameter and
 * never part of the SQL text; the COPY reading a manifest; the polling; and what happens before any write.
 * The stub cannot show how Redshift itself parses or runs them (see RedshiftDataStub).
 */
class RedshiftDataWarehouseStatementsTest {
    private static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");
    private static RedshiftStubFixture fixture;
    /** One warehouse for the class: it creates the load ledger on its first load only. */
    private static RedshiftDataWarehouse warehouse;
    private String table;

    @BeforeAll
    static void start() {
        fixture = new RedshiftStubFixture(RedshiftDataWarehouseStatementsTest.class.getSimpleName());
        warehouse = fixture.warehouse();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @BeforeEach
    void createTable() {
        table = "orders_" + UUID.randomUUID().toString().substring(0, 8);
        fixture.createTextTable(table, List.of("id", "region", "note"), List.of());
    }

    private List<Received> since(int before) {
        return fixture.stub.received().subList(before, fixture.stub.received().size());
    }

    @Test
    void everyCallerValueIsAParameterAndTheStatementsComeInTheirOrder() {
        String batch = "orders/2026-11-29'; drop table x; --";
        String load = "arn:aws:states:exec:\"quoted\"";
        warehouse.load(new LoadRequest(table, "warm-up", fixture.putSource("id\n0\n"), "csv", true, List.of()), T0);
        int before = fixture.stub.received().size();

        LoadResult result = warehouse.load(new LoadRequest("Public." + table.toUpperCase(), batch, load,
                fixture.putSource("ID,Region,Note\n1,eu,x\n2,us,\n"), "csv", true, List.of()), T0);

        assertThat(result).isEqualTo(new LoadResult.Loaded(2, false));
        List<Received> sent = since(before);
        assertThat(sent).extracting(r -> r.sql().split(" ")[0]).containsExactly(
                "SELECT", "SELECT", "CREATE", "COPY", "LOCK", "DELETE", "INSERT", "DELETE", "INSERT", "SELECT", "DROP");
        assertThat(sent).allSatisfy(r -> {
            assertThat(r.sql()).doesNotContain(batch).doesNotContain("drop table x").doesNotContain(load).doesNotContain("quoted");
        });
        assertThat(sent.get(0).parameters()).containsEntry("batch", batch).containsEntry("load", load)
                .containsEntry("tbl", "public." + table);
        assertThat(sent.get(4).parameters()).containsEntry("batch", batch).containsEntry("loaded_at", "2026-11-29 06:00:00.000000");
        assertThat(sent.get(2).sql()).startsWith("CREATE TABLE \"public\".\"sluice_stage_")
                .contains("SELECT \"id\", \"region\", \"note\" FROM \"public\".\"" + table + "\" WHERE 1 = 0");
        assertThat(sent.get(3).sql()).matches("COPY \"public\"\\.\"sluice_stage_[0-9a-f]{32}\" \\(\"id\", \"region\", \"note\"\\) FROM "
                + "'s3://" + fixture.bucket + "/manifests/[0-9a-f]{32}\\.manifest' IAM_ROLE '" + RedshiftStubFixture.ROLE.replace(".", "\\.")
                + "' MANIFEST FORMAT AS CSV IGNOREHEADER 1 EMPTYASNULL COMPUPDATE OFF STATUPDATE OFF");
        assertThat(sent.get(3).parameters()).isEmpty();
        assertThat(fixture.rows(table)).filteredOn(r -> batch.equals(r.get("sluice_batch"))).hasSize(2);
        assertThat(fixture.s3.listObjectsV2(b -> b.bucket(fixture.bucket).prefix("manifests/")).contents())
                .as("each manifest is deleted after its load").isEmpty();
    }

    @Test
    void everyStatementIsPolledUntilItEnds() {
        int describesBefore = fixture.stub.calls("DescribeStatement").size();
        int submittedBefore = fixture.stub.calls("ExecuteStatement").size() + fixture.stub.calls("BatchExecuteStatement").size();
        warehouse.load(new LoadRequest(table, "b1", fixture.putSource("id\n1\n"), "csv", true, List.of()), T0);
        int submitted = fixture.stub.calls("ExecuteStatement").size() + fixture.stub.calls("BatchExecuteStatement").size() - submittedBefore;
        assertThat(fixture.stub.calls("DescribeStatement").size() - describesBefore)
                .isEqualTo(submitted * (RedshiftStubFixture.PENDING_POLLS + 1));
    }

    @Test
    void aSchemaMismatchOrABadTableNameWritesNothing() {
        warehouse.load(new LoadRequest(table, "warm-up", fixture.putSource("id\n0\n"), "csv", true, List.of()), T0);
        int before = fixture.stub.received().size();
        LoadResult mismatch = warehouse.load(new LoadRequest(table, "b1", fixture.putSource("id,colour\n1,red\n"), "csv",
                true, List.of()), T0);
        assertThat(mismatch).isEqualTo(new LoadResult.SchemaMismatch(List.of(), List.of("colour")));
        assertThat(since(before)).extracting(Received::sql).allMatch(sql -> sql.startsWith("SELECT"));

        int beforeBadName = fixture.stub.received().size();
        LoadResult badName = warehouse.load(new LoadRequest(table + "; drop table " + table, "b1", fixture.putSource("id\n1\n"),
                "csv", true, List.of()), T0);
        assertThat(badName).isInstanceOfSatisfying(LoadResult.Rejected.class, r -> assertThat(r.reason()).isEqualTo(Reason.TABLE_NOT_FOUND));
        assertThat(since(beforeBadName)).isEmpty();
    }

    @Test
    void aColumnNameOutsideTheGrammarIsBadDataBeforeAnyWrite() {
        int before = fixture.stub.received().size();
        LoadResult result = warehouse.load(new LoadRequest(table, "b1", fixture.putSource("id,\"re\"\"gion\"\n1,eu\n"), "csv",
                true, List.of()), T0);
        assertThat(result).isInstanceOfSatisfying(LoadResult.Rejected.class, r -> {
            assertThat(r.reason()).isEqualTo(Reason.BAD_DATA);
            assertThat(r.detail()).contains("re\"gion");
        });
        assertThat(since(before)).extracting(Received::sql).allMatch(sql -> sql.startsWith("SELECT"));
    }

    @Test
    void aSourceMayBeAnS3Uri() {
        String key = "elsewhere/" + UUID.randomUUID() + ".csv";
        fixture.s3.putObject(b -> b.bucket(fixture.bucket).key(key), software.amazon.awssdk.core.sync.RequestBody.fromString("id\n1\n2\n"));
        assertThat(warehouse.load(new LoadRequest(table, "b1", "s3://" + fixture.bucket + "/" + key, "csv", true, List.of()), T0))
                .isEqualTo(new LoadResult.Loaded(2, false));
    }

    @Test
    void aStatementStillRunningAtTheTimeoutIsCancelledAndReported() {
        try (RedshiftStubFixture slow = new RedshiftStubFixture("RedshiftSlowStub", Integer.MAX_VALUE)) {
            ManualClock clock = new ManualClock(T0);
            RedshiftDataWarehouse warehouse = slow.warehouse(clock, clock::advance);
            slow.createTextTable(table, List.of("id"), List.of());
            assertThatThrownBy(() -> warehouse.load(new LoadRequest(table, "b1", slow.putSource("id\n1\n"), "csv", true, List.of()), T0))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("was cancelled");
            assertThat(slow.stub.calls("CancelStatement")).hasSize(1);
            assertThat(Map.of("polls", slow.stub.calls("DescribeStatement").size())).extractingByKey("polls")
                    .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.INTEGER).isGreaterThan(5);
        }
    }
}
