package io.sluice.postgres.warehouse;

import io.sluice.testkit.postgres.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** Test helpers: tables and rows in a test database, by plain SQL. */
final class PostgresTables {
    private PostgresTables() {}

    static void createTextTable(TestDatabase db, String table, List<String> columns, List<String> required) {
        String definition = Stream.concat(columns.stream().map(c -> c + " text"), required.stream().map(c -> c + " text not null"))
                .collect(Collectors.joining(", "));
        execute(db, "create table " + table + " (" + definition + ", " + PostgresWarehouse.BATCH_COLUMN + " text)");
    }

    static void execute(TestDatabase db, String... sql) {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            for (String statement : sql) {
                s.execute(statement);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Every row as text values by column name, {@code null} for NULL. */
    static List<Map<String, String>> rows(TestDatabase db, String table) {
        return query(db, "select * from " + table);
    }

    static List<Map<String, String>> query(TestDatabase db, String sql) {
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
}
