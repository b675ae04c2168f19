package io.sluice.testkit.postgres;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/** A database of its own for one test class, on a {@link PostgresTestServer}; closing it drops it. */
public final class TestDatabase implements AutoCloseable {
    private final PostgresTestServer server;
    private final String name;
    private final String jdbcUrl;

    TestDatabase(PostgresTestServer server, String name, String jdbcUrl) {
        this.server = server;
        this.name = name;
        this.jdbcUrl = jdbcUrl;
    }

    public String name() {
        return name;
    }

    /** A {@code jdbc:postgresql:} URL with the user (and password) in it. */
    public String jdbcUrl() {
        return jdbcUrl;
    }

    /** A connection per call, no pool. */
    public DataSource dataSource() {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(jdbcUrl);
        return ds;
    }

    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl);
    }

    /** Drops the database, ending any connection still open on it. */
    @Override
    public void close() {
        server.drop(name);
    }

    @Override
    public String toString() {
        return name + " on " + server;
    }
}
