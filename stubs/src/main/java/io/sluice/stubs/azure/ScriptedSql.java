package io.sluice.stubs.azure;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A scripted SQL session, for the Synapse warehouse where no dedicated SQL pool runs: it records every statement with
 * its parameters and whether a transaction was open, and answers from rules the test sets (the first rule whose text the
 * statement contains). It runs no SQL: what it shows is what the warehouse sends and how it reacts, not what Synapse
 * would do with it. Its methods are those of the Azure adapter's {@code SqlSession}; this module is on the adapters' test
 * classpaths, so it cannot name that interface, and a test gets one over the script with {@link #as}
 * ({@code sql.as(SqlSession.class)}, in the adapter's tests and in the parity suite alike).
 */
public final class ScriptedSql {
    public record Statement(String sql, List<Object> parameters, boolean inTransaction) {}

    private final List<Statement> statements = new ArrayList<>();
    private final List<String> transactions = new ArrayList<>();
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

    /** What happened to the transactions and sessions so far, in order: {@code begin}, {@code commit}, {@code rollback}, {@code close}. */
    public synchronized List<String> transactions() {
        return List.copyOf(transactions);
    }

    /** Forgets the statements and transactions so far (the rules stay). */
    public synchronized void forget() {
        statements.clear();
        transactions.clear();
    }

    /** A query's rows as column label → value: the rule's answer, or no rows. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> query(String sql, List<?> parameters) throws SQLException {
        Object a = answer(sql, parameters);
        return a == null ? List.of() : (List<Map<String, Object>>) a;
    }

    /** An update's count of rows changed: the rule's answer, or 0. */
    public long update(String sql, List<?> parameters) throws SQLException {
        Object a = answer(sql, parameters);
        return a == null ? 0 : (Long) a;
    }

    public synchronized void begin() {
        open = true;
        transactions.add("begin");
    }

    public synchronized void commit() {
        open = false;
        transactions.add("commit");
    }

    public synchronized void rollback() {
        open = false;
        transactions.add("rollback");
    }

    public synchronized void close() {
        transactions.add("close");
    }

    /**
     * This script as a {@code session}: an interface each of whose abstract methods is a public method of this class (the
     * same name and parameter types), such as the Azure adapter's {@code SqlSession}. Every call goes to that method; a
     * session's {@code equals}, {@code hashCode} and {@code toString} are its own.
     *
     * @throws IllegalArgumentException naming the first method of {@code session} this class does not have
     */
    public <T> T as(Class<T> session) {
        if (!session.isInterface()) {
            throw new IllegalArgumentException("session: expected an interface, not " + session.getName());
        }
        Map<Method, Method> calls = new HashMap<>();
        for (Method m : session.getMethods()) {
            if (m.isDefault() || Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            try {
                calls.put(m, ScriptedSql.class.getMethod(m.getName(), m.getParameterTypes()));
            } catch (NoSuchMethodException e) {
                throw new IllegalArgumentException("session: " + session.getName() + "." + m.getName() + " has no method of the same name"
                        + " and parameters in ScriptedSql", e);
            }
        }
        return session.cast(Proxy.newProxyInstance(session.getClassLoader(), new Class<?>[] {session}, (proxy, method, args) -> {
            Method target = calls.get(method);
            if (target == null) {
                return switch (method.getName()) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "toString" -> "ScriptedSql as " + session.getSimpleName();
                    default -> throw new UnsupportedOperationException(method.toString());
                };
            }
            try {
                return target.invoke(this, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }));
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
}
