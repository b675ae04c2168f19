package io.sluice.azure.synapse;

import io.sluice.stubs.azure.ScriptedSql;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/** The warehouse's {@link SqlSession}s over a {@link ScriptedSql} (the stubs module cannot name the adapter's interface). */
final class ScriptedSessions {
    private ScriptedSessions() {}

    static SqlSession.Factory over(ScriptedSql sql) {
        return () -> new SqlSession() {
            @Override
            public List<Map<String, Object>> query(String statement, List<?> parameters) throws SQLException {
                return sql.query(statement, parameters);
            }

            @Override
            public long update(String statement, List<?> parameters) throws SQLException {
                return sql.update(statement, parameters);
            }

            @Override
            public void begin() {
                sql.begin();
            }

            @Override
            public void commit() {
                sql.commit();
            }

            @Override
            public void rollback() {
                sql.rollback();
            }

            @Override
            public void close() {
                sql.close();
            }
        };
    }
}
