package io.sluice.local.warehouse;

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
 * The load ledger: one row per loaded (table, batch) with its row count and load time. A batch is
 * loaded once; deleting its ledger row lets the next load replace the batch's rows.
 */
final class LoadLedger {
    static final String TABLE = "sluice_load_ledger";

    private LoadLedger() {}

    static void createIfAbsent(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("create table if not exists " + TABLE + " (table_name text not null, batch_id text not null,"
                    + " row_count bigint not null, loaded_at timestamptz not null, primary key (table_name, batch_id))");
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

    static OptionalLong rows(Connection c, String table, String batch) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("select row_count from " + TABLE + " where table_name = ? and batch_id = ?")) {
            s.setString(1, table);
            s.setString(2, batch);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? OptionalLong.of(rs.getLong(1)) : OptionalLong.empty();
            }
        }
    }

    static void record(Connection c, String table, String batch, long rows, Instant at) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("insert into " + TABLE + " (table_name, batch_id, row_count, loaded_at)"
                + " values (?, ?, ?, ?)")) {
            s.setString(1, table);
            s.setString(2, batch);
            s.setLong(3, rows);
            s.setObject(4, OffsetDateTime.ofInstant(at, ZoneOffset.UTC));
            s.executeUpdate();
        }
    }
}
