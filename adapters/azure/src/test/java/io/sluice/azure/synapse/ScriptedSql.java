package io.sluice.azure.synapse;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A scripted {@link SqlSession}: it records every statement with its parameters and whether a transaction
 * was open, and answers from rules the test sets (the first rule whose text the statement contains). It runs no
 * SQL: what it shows is what the warehouse sends and how it reacts, not what Synapse would do with it.
 */
final class ScriptedSql implements SqlSession.Factory {
    record Statement(String sql, List<Object> parameters, boolean inTransaction) {}

    final List<Statement> statements = new ArrayList<>();
    final List<String> transactions = new ArrayList<>();
    private final Map<String, Function<List<?>, Object>> rules = new LinkedHashMap<>();
    private boolean open;

    /** Statements containing {@code fragment} answer {@code answer}: a {@code List<Map>} for queries, a {@code Long} for updates, or an {@link SQLException} to throw. */
    ScriptedSql on(String fragment, Function<List<?>, Object> answer) {
        rules.put(fragment, answer);
        return this;
    }

    List<String> sql() {
        return statements.stream().map(Statement::sql).toList();
    }

    private Object answer(String sql, List<?> parameters) throws SQLException {
        statements.add(new Statement(sql, List.<Object>copyOf(parameters), open));
        for (Map.Entry<String, Function<List<?>, Object>> r : rules.entrySet()) {
            if (sql.contains(r.getKey())) {
                Object a = r.getValue().apply(parameters);
                if (a instanceof SQLException e) {
                    throw e;
                }
                return a;
            }
        }
        return null;
    }

    @Override
    public SqlSession open() {
        return new SqlSession() {
            @Override
            @SuppressWarnings("unchecked")
            public List<Map<String, Object>> query(String sql, List<?> parameters) throws SQLException {
                Object a = answer(sql, parameters);
                return a == null ? List.of() : (List<Map<String, Object>>) a;
            }

            @Override
            public long update(String sql, List<?> parameters) throws SQLException {
                Object a = answer(sql, parameters);
                return a == null ? 0 : (Long) a;
            }

            @Override
            public void begin() {
                open = true;
                transactions.add("begin");
            }

            @Override
            public void commit() {
                open = false;
                transactions.add("commit");
            }

            @Override
            public void rollback() {
                open = false;
                transactions.add("rollback");
            }

            @Override
            public void close() {
                transactions.add("close");
            }
        };
    }
}
