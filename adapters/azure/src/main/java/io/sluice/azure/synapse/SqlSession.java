package io.sluice.azure.synapse;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * The JDBC the Synapse warehouse uses, narrowed to statements with bound parameters and explicit
 * transactions, so that its statements and transaction logic can be tested without a Synapse pool (none runs
 * here). {@link JdbcSqlSessions} is the one over a {@code DataSource}.
 */
public interface SqlSession extends AutoCloseable {

    /** Rows as column label → value, in order. */
    List<Map<String, Object>> query(String sql, List<?> parameters) throws SQLException;

    /** Rows changed. */
    long update(String sql, List<?> parameters) throws SQLException;

    void begin() throws SQLException;

    void commit() throws SQLException;

    void rollback() throws SQLException;

    @Override
    void close() throws SQLException;

    /** Where sessions come from. */
    @FunctionalInterface
    interface Factory {
        SqlSession open() throws SQLException;
    }
}
