package io.sluice.azure.synapse;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/** {@link SqlSession}s on JDBC connections of a {@link DataSource} (the SQL Server driver for Synapse). */
public final class JdbcSqlSessions implements SqlSession.Factory {
    private final ConnectionSource connections;

    /** Where connections come from: a pool's {@code DataSource::getConnection}, or {@link #ofUrl}. */
    @FunctionalInterface
    public interface ConnectionSource {
        Connection get() throws SQLException;
    }

    public JdbcSqlSessions(DataSource dataSource) {
        this.connections = dataSource::getConnection;
    }

    private JdbcSqlSessions(ConnectionSource connections) {
        this.connections = connections;
    }

    /** A connection per session from {@code DriverManager}: the SQL Server driver's URL, with {@code authentication=ActiveDirectoryManagedIdentity} on Azure. */
    public static JdbcSqlSessions ofUrl(String jdbcUrl) {
        return new JdbcSqlSessions(() -> java.sql.DriverManager.getConnection(jdbcUrl));
    }

    @Override
    public SqlSession open() throws SQLException {
        Connection c = connections.get();
        c.setAutoCommit(true);
        return new SqlSession() {
            @Override
            public List<Map<String, Object>> query(String sql, List<?> parameters) throws SQLException {
                try (PreparedStatement s = prepare(c, sql, parameters); ResultSet rs = s.executeQuery()) {
                    ResultSetMetaData meta = rs.getMetaData();
                    List<Map<String, Object>> rows = new ArrayList<>();
                    while (rs.next()) {
                        Map<String, Object> row = new LinkedHashMap<>();
                        for (int i = 1; i <= meta.getColumnCount(); i++) {
                            row.put(meta.getColumnLabel(i), rs.getObject(i));
                        }
                        rows.add(row);
                    }
                    return rows;
                }
            }

            @Override
            public long update(String sql, List<?> parameters) throws SQLException {
                try (PreparedStatement s = prepare(c, sql, parameters)) {
                    return s.executeLargeUpdate();
                }
            }

            @Override
            public void begin() throws SQLException {
                c.setAutoCommit(false);
            }

            @Override
            public void commit() throws SQLException {
                c.commit();
                c.setAutoCommit(true);
            }

            @Override
            public void rollback() throws SQLException {
                c.rollback();
                c.setAutoCommit(true);
            }

            @Override
            public void close() throws SQLException {
                c.close();
            }
        };
    }

    private static PreparedStatement prepare(Connection c, String sql, List<?> parameters) throws SQLException {
        PreparedStatement s = c.prepareStatement(sql);
        for (int i = 0; i < parameters.size(); i++) {
            s.setObject(i + 1, parameters.get(i));
        }
        return s;
    }
}
