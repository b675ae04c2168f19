package io.sluice.postgres.warehouse;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.OptionalLong;

/**
 * The load ledger: one row per loaded (table, batch) with the load that wrote it, its row count and load
 * time. Repeating the recorded load is a no-op; another load of the batch replaces its rows and its row.
 */
final class LoadLedger {
    static final String TABLE = "sluice_load_ledger";

    private LoadLedger() {}

    static void createIfAbsent(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("create table if not exists " + TABLE + " (table_name text not null, batch_id text not null,"
                    + " row_count bigint not null, loaded_at timestamptz not null, primary key (table_name, batch_id))");
            s.execute("alter table " + TABLE + " add column if not exists load_id text");
        }
    }

    /** Serialises loads of one (table, batch) until the transaction ends; loads of other batches go on. */
    static void lock(Connection c, String table, String batch) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("select pg_advisory_xact_lock(hashtext(?), hashtext(?))")) {
            s.setString(1, table);
            s.setString(2, batch);
            s.execute();
        }
    }

    /** The rows of the batch when {@code load} is the load that wrote it (a ledger row without a load is the batch's own). */
    static OptionalLong rows(Connection c, String table, String batch, String load) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("select row_count from " + TABLE + " where table_name = ? and batch_id = ?"
                + " and coalesce(load_id, batch_id) = ?")) {
            s.setString(1, table);
            s.setString(2, batch);
            s.setString(3, load);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? OptionalLong.of(rs.getLong(1)) : OptionalLong.empty();
            }
        }
    }

    static void record(Connection c, String table, String batch, String load, long rows, Instant at) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("insert into " + TABLE + " (table_name, batch_id, load_id, row_count, loaded_at)"
                + " values (?, ?, ?, ?, ?) on conflict (table_name, batch_id) do update set load_id = excluded.load_id,"
                + " row_count = excluded.row_count, loaded_at = excluded.loaded_at")) {
            s.setString(1, table);
            s.setString(2, batch);
            s.setString(3, load);
            s.setLong(4, rows);
            s.setObject(5, OffsetDateTime.ofInstant(at, ZoneOffset.UTC));
            s.executeUpdate();
        }
    }
}
