package io.sluice.aws.redshift;

import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.client.AwsClients;
import io.sluice.aws.s3.S3Location;
import io.sluice.aws.s3.S3TestBuckets;
import io.sluice.stubs.aws.RedshiftDataStub;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.Sleeper;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.redshiftdata.RedshiftDataClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The Redshift Data API stub on a PostgreSQL database of its own, with S3Mock holding the sources and manifests;
 * and what a test needs around it: tables, files and rows, by plain SQL and S3 calls.
 */
final class RedshiftStubFixture implements AutoCloseable {
    static final String ROLE = "arn:aws:iam::123456789012:role/sluice-redshift-copy";
    /** Polls answer STARTED this often before a statement's outcome. */
    static final int PENDING_POLLS = 2;

    final TestDatabase db;
    final S3Client s3;
    final String bucket;
    final RedshiftDataStub stub;
    final RedshiftDataClient data;

    RedshiftStubFixture(String label) {
        this(label, PENDING_POLLS);
    }

    /** @param pending how many polls of each statement answer STARTED */
    RedshiftStubFixture(String label, int pending) {
        db = PostgresTestServer.shared().createDatabase(label);
        s3 = S3TestBuckets.s3Mock();
        bucket = S3TestBuckets.create(s3, "warehouse");
        stub = new RedshiftDataStub(db.jdbcUrl(), s3, pending);
        data = AwsClients.build(RedshiftDataClient.builder(), AwsClientSettings.local(stub.endpoint(), S3TestBuckets.REGION));
    }

    RedshiftWarehouseSettings settings() {
        return new RedshiftWarehouseSettings("public", null, null, ROLE, new S3Location(bucket, "manifests/"),
                new S3Location(bucket, "sources/"));
    }

    /** Polls without waiting: the stub's answers need no time to change. */
    RedshiftDataWarehouse warehouse(Clock clock, Sleeper sleeper) {
        return RedshiftDataWarehouse.create(data, RedshiftTarget.workgroup("sluice-test", "dev", null), s3, settings(),
                new Backoff(Duration.ofMillis(100), 2.0, Duration.ofSeconds(2), 0), Duration.ofMinutes(1), clock, sleeper);
    }

    RedshiftDataWarehouse warehouse() {
        return warehouse(Clock.systemUTC(), d -> { });
    }

    void createTextTable(String table, List<String> columns, List<String> required) {
        String definition = Stream.concat(columns.stream().map(c -> "\"" + c + "\" varchar(256)"),
                required.stream().map(c -> "\"" + c + "\" varchar(256) not null")).collect(Collectors.joining(", "));
        execute("create table public.\"" + table + "\" (" + definition + ", " + RedshiftWarehouseSettings.BATCH_COLUMN + " varchar(1024))");
    }

    /** Puts {@code content} under the sources prefix and returns its key there. */
    String putSource(String content) {
        String key = UUID.randomUUID() + ".csv";
        s3.putObject(b -> b.bucket(bucket).key("sources/" + key), RequestBody.fromString(content));
        return key;
    }

    List<Map<String, String>> rows(String table) {
        return query("select * from public.\"" + table + "\"");
    }

    void execute(String sql) {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    List<Map<String, String>> query(String sql) {
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            ResultSetMetaData meta = rs.getMetaData();
            List<Map<String, String>> rows = new ArrayList<>();
            while (rs.next()) {
                Map<String, String> row = new LinkedHashMap<>();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.put(meta.getColumnName(i), rs.getString(i));
                }
                rows.add(row);
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        stub.close();
        data.close();
        s3.close();
        db.close();
    }
}
