package io.sluice.postgres.kv;

import io.sluice.orchestration.port.KeyValueTable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The key-value table in PostgreSQL: one table, {@code sluice_kv_items}, keyed by (namespace, table,
 * partition key, sort key), the item a JSONB column, created if absent. Every value reaches SQL as a
 * bound parameter: namespace, table name and keys are data, never SQL text. A write is one
 * {@code INSERT ... ON CONFLICT DO NOTHING} (nothing expected) or one {@code UPDATE ... WHERE version = ?},
 * so compare-and-set holds across any number of processes without locks held between calls.
 */
public final class PostgresKeyValueTable implements KeyValueTable {
    public static final String TABLE = "sluice_kv_items";
    private static final String COLUMNS = "partition_key, sort_key, version, item::text, writer, previous::text";
    private static final String GET = "select " + COLUMNS + " from " + TABLE
            + " where namespace = ? and table_name = ? and partition_key = ? and sort_key = ?";
    private static final String INSERT = "insert into " + TABLE
            + " (namespace, table_name, partition_key, sort_key, version, item, writer, previous)"
            + " values (?, ?, ?, ?, 1, ?::jsonb, ?, ?::jsonb) on conflict do nothing";
    private static final String UPDATE = "update " + TABLE + " set version = version + 1, item = ?::jsonb, writer = ?,"
            + " previous = ?::jsonb where namespace = ? and table_name = ? and partition_key = ? and sort_key = ? and version = ?";
    private static final String PARTITION = "select " + COLUMNS + " from " + TABLE
            + " where namespace = ? and table_name = ? and partition_key = ? and item is not null";

    private final DataSource dataSource;

    /** Creates {@code sluice_kv_items} if it is absent. */
    public PostgresKeyValueTable(DataSource dataSource) {
        this.dataSource = dataSource;
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            // A lock, because two processes creating the same table at once can collide in the catalog.
            s.execute("select pg_advisory_xact_lock(hashtext('sluice.schema'))");
            s.execute("create table if not exists " + TABLE + " (namespace text not null, table_name text not null,"
                    + " partition_key text not null, sort_key text not null, version bigint not null, item jsonb,"
                    + " writer text, previous jsonb, primary key (namespace, table_name, partition_key, sort_key))");
            c.commit();
        } catch (SQLException e) {
            throw failed("create " + TABLE, e);
        }
    }

    @Override
    public Optional<Stored> get(String namespace, String table, ItemKey key) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(GET)) {
            s.setString(1, namespace);
            s.setString(2, table);
            s.setString(3, key.partition());
            s.setString(4, key.sort());
            try (ResultSet r = s.executeQuery()) {
                return r.next() ? Optional.of(stored(r)) : Optional.empty();
            }
        } catch (SQLException e) {
            throw failed("read an item of " + table, e);
        }
    }

    @Override
    public boolean write(String namespace, String table, ItemKey key, long expectedVersion, Write write) {
        try (Connection c = dataSource.getConnection()) {
            if (expectedVersion == 0) {
                try (PreparedStatement s = c.prepareStatement(INSERT)) {
                    s.setString(1, namespace);
                    s.setString(2, table);
                    s.setString(3, key.partition());
                    s.setString(4, key.sort());
                    s.setString(5, write.item());
                    s.setString(6, write.writer());
                    s.setString(7, write.previous());
                    return s.executeUpdate() == 1;
                }
            }
            try (PreparedStatement s = c.prepareStatement(UPDATE)) {
                s.setString(1, write.item());
                s.setString(2, write.writer());
                s.setString(3, write.previous());
                s.setString(4, namespace);
                s.setString(5, table);
                s.setString(6, key.partition());
                s.setString(7, key.sort());
                s.setLong(8, expectedVersion);
                return s.executeUpdate() == 1;
            }
        } catch (SQLException e) {
            throw failed("write an item of " + table, e);
        }
    }

    @Override
    public List<Stored> partition(String namespace, String table, String partition) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(PARTITION)) {
            s.setString(1, namespace);
            s.setString(2, table);
            s.setString(3, partition);
            List<Stored> out = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    out.add(stored(r));
                }
            }
            return out;
        } catch (SQLException e) {
            throw failed("read a partition of " + table, e);
        }
    }

    private static Stored stored(ResultSet r) throws SQLException {
        return new Stored(new ItemKey(r.getString(1), r.getString(2)), r.getLong(3), r.getString(4), r.getString(5), r.getString(6));
    }

    private static IllegalStateException failed(String what, SQLException e) {
        return new IllegalStateException("PostgreSQL: cannot " + what + ": " + e.getMessage(), e);
    }
}
