package io.sluice.azure.synapse;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A scripted {@link SqlSession}: it records every statement with its parameters and whether a transaction
 * was open, and answers from rules the test sets (the first rule whose text the statement contains). It runs no
 * SQL: what it shows is what the warehouse sends and how it reacts, not what Synapse would do with it.
 */
public final class ScriptedSql implements SqlSession.Factory {
    public record Statement(String sql, List<Object> parameters, boolean inTransaction) {}

    final List<Statement> statements = new ArrayList<>();
    final List<String> transactions = new ArrayList<>();
    private final Map<String, BiFunction<String, List<?>, Object>> rules = new LinkedHashMap<>();
    private boolean open;

    /** Statements containing {@code fragment} answer {@code answer}: a {@code List<Map>} for queries, a {@code Long} for updates, or an {@link SQLException} to throw. */
    public ScriptedSql on(String fragment, Function<List<?>, Object> answer) {
        return onStatement(fragment, (sql, parameters) -> answer.apply(parameters));
    }

    /** As {@link #on}, the answer given the statement's text too. */
    public synchronized ScriptedSql onStatement(String fragment, BiFunction<String, List<?>, Object> answer) {
        rules.put(fragment, answer);
        return this;
    }

    /** Every statement so far, in order. */
    public synchronized List<Statement> recorded() {
        return List.copyOf(statements);
    }

    public synchronized List<String> sql() {
        return statements.stream().map(Statement::sql).toList();
    }

    private synchronized Object answer(String sql, List<?> parameters) throws SQLException {
        statements.add(new Statement(sql, List.<Object>copyOf(parameters), open));
        for (Map.Entry<String, BiFunction<String, List<?>, Object>> r : rules.entrySet()) {
            if (sql.contains(r.getKey())) {
                Object a = r.getValue().apply(sql, parameters);
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
