package io.sluice.postgres.status;

import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.StatusStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The status table in PostgreSQL: {@code sluice_status}, one row per execution, created if absent.
 * An upsert is one {@code INSERT ... ON CONFLICT DO UPDATE ... WHERE} whose condition is
 * {@link StatusRecord#replaces} and whose {@code coalesce}s are {@link StatusRecord#over}, so the rule
 * that rows never move backwards holds under any concurrency without a read-modify-write.
 */
public final class PostgresStatusStore implements StatusStore {
    public static final String TABLE = "sluice_status";
    private static final String COLUMNS = "execution_id, pipeline, partition, state, redrive_count, started_at, ended_at,"
            + " rows_in, rows_out, error, config_hash, job_log_url";
    private static final String UPSERT = "insert into " + TABLE + " as s (" + COLUMNS + ", updated_at)"
            + " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())"
            + " on conflict (execution_id) do update set"
            + " partition = coalesce(excluded.partition, s.partition), state = excluded.state,"
            + " redrive_count = excluded.redrive_count, started_at = coalesce(excluded.started_at, s.started_at),"
            + " ended_at = coalesce(excluded.ended_at, s.ended_at), rows_in = coalesce(excluded.rows_in, s.rows_in),"
            + " rows_out = coalesce(excluded.rows_out, s.rows_out), error = coalesce(excluded.error, s.error),"
            + " config_hash = coalesce(excluded.config_hash, s.config_hash),"
            + " job_log_url = coalesce(excluded.job_log_url, s.job_log_url), updated_at = now()"
            + " where excluded.redrive_count > s.redrive_count"
            + " or (excluded.redrive_count = s.redrive_count and s.state = 'RUNNING')"
            + " returning " + COLUMNS;

    private final DataSource dataSource;

    /** Creates {@code sluice_status} and its index if they are absent. */
    public PostgresStatusStore(DataSource dataSource) {
        this.dataSource = dataSource;
        createTableIfAbsent();
    }

    private void createTableIfAbsent() {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            // A lock, because two processes creating the same table at once can collide in the catalog.
            s.execute("select pg_advisory_xact_lock(hashtext('sluice.schema'))");
            s.execute("create table if not exists " + TABLE + " (execution_id text primary key, pipeline text not null,"
                    + " partition text, state text not null, redrive_count integer not null default 0,"
                    + " started_at timestamptz, ended_at timestamptz, rows_in bigint, rows_out bigint, error text,"
                    + " config_hash text, job_log_url text, updated_at timestamptz not null default now())");
            s.execute("create index if not exists " + TABLE + "_by_pipeline on " + TABLE
                    + " (pipeline, partition, started_at desc nulls last)");
            c.commit();
        } catch (SQLException e) {
            throw failed("create " + TABLE, e);
        }
    }

    @Override
    public Upserted upsert(StatusRecord r) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(UPSERT)) {
            s.setString(1, r.executionId());
            s.setString(2, r.pipeline());
            s.setString(3, r.partition());
            s.setString(4, r.state().name());
            s.setInt(5, r.redriveCount());
            setInstant(s, 6, r.started());
            setInstant(s, 7, r.ended());
            setLong(s, 8, r.rowsIn());
            setLong(s, 9, r.rowsOut());
            s.setString(10, r.error());
            s.setString(11, r.configHash());
            s.setString(12, r.jobLogUrl());
            try (ResultSet rs = s.executeQuery()) {
                if (rs.next()) {
                    return new Upserted(read(rs), true);
                }
            }
        } catch (SQLException e) {
            throw failed("write the status of " + r.executionId(), e);
        }
        // The stored row was ahead: report it as it is.
        return new Upserted(get(r.executionId()).orElseThrow(), false);
    }

    @Override
    public Optional<StatusRecord> get(String executionId) {
        List<StatusRecord> rows = query("select " + COLUMNS + " from " + TABLE + " where execution_id = ?", executionId);
        return rows.stream().findFirst();
    }

    @Override
    public List<StatusRecord> find(String pipeline, String partition, int limit) {
        String sql = "select " + COLUMNS + " from " + TABLE + " where pipeline = ?"
                + (partition == null ? "" : " and partition = ?")
                + " order by started_at desc nulls last, execution_id limit " + Math.max(0, limit);
        return partition == null ? query(sql, pipeline) : query(sql, pipeline, partition);
    }

    /**
     * Runs of any pipeline ({@code pipeline} {@code null}) or of one, of any partition or of one, newest
     * start first, at most {@code limit}: what {@code sluice status} prints.
     */
    public List<StatusRecord> list(String pipeline, String partition, int limit) {
        List<String> where = new ArrayList<>();
        List<String> parameters = new ArrayList<>();
        if (pipeline != null) {
            where.add("pipeline = ?");
            parameters.add(pipeline);
        }
        if (partition != null) {
            where.add("partition = ?");
            parameters.add(partition);
        }
        String sql = "select " + COLUMNS + " from " + TABLE + (where.isEmpty() ? "" : " where " + String.join(" and ", where))
                + " order by started_at desc nulls last, pipeline, execution_id limit " + Math.max(0, limit);
        return query(sql, parameters.toArray(String[]::new));
    }

    private List<StatusRecord> query(String sql, String... parameters) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                s.setString(i + 1, parameters[i]);
            }
            List<StatusRecord> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    rows.add(read(rs));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw failed("read " + TABLE, e);
        }
    }

    private static StatusRecord read(ResultSet rs) throws SQLException {
        return new StatusRecord(rs.getString(1), rs.getString(2), rs.getString(3), RunState.valueOf(rs.getString(4)), rs.getInt(5),
                instant(rs, 6), instant(rs, 7), (Long) rs.getObject(8), (Long) rs.getObject(9), rs.getString(10),
                rs.getString(11), rs.getString(12));
    }

    private static Instant instant(ResultSet rs, int column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }

    private static void setInstant(PreparedStatement s, int index, Instant value) throws SQLException {
        if (value == null) {
            s.setNull(index, Types.TIMESTAMP_WITH_TIMEZONE);
        } else {
            s.setObject(index, OffsetDateTime.ofInstant(value, ZoneOffset.UTC));
        }
    }

    private static void setLong(PreparedStatement s, int index, Long value) throws SQLException {
        if (value == null) {
            s.setNull(index, Types.BIGINT);
        } else {
            s.setLong(index, value);
        }
    }

    private static IllegalStateException failed(String what, SQLException e) {
        return new IllegalStateException("Could not " + what + " in PostgreSQL: " + e.getMessage(), e);
    }
}
