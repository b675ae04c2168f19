package io.sluice.testkit.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * The embedded fallback of {@link PostgresTestServer}, proved once (it takes seconds, so it runs in
 * {@code verify}); every other test uses the server the environment offers.
 */
class PostgresTestServerEmbeddedIT {

    @Test
    void theSystemPropertyForcesTheEmbeddedServer() {
        String before = System.getProperty("sluice.test.pg.embedded");
        System.setProperty("sluice.test.pg.embedded", "true");
        try {
            assertThat(PostgresTestServer.Settings.fromEnvironment().embedded()).isTrue();
        } finally {
            if (before == null) {
                System.clearProperty("sluice.test.pg.embedded");
            } else {
                System.setProperty("sluice.test.pg.embedded", before);
            }
        }
    }

    /** The embedded fallback, forced: it starts from the binaries in the Maven Central jars, serves, and stops. */
    @Test
    void forcedItStartsAnEmbeddedServerFromTheMavenCentralBinariesAndStopsItOnClose() throws Exception {
        PostgresTestServer server = PostgresTestServer.find(new PostgresTestServer.Settings(null, "127.0.0.1", closedPort(), true));
        String url;
        try {
            assertThat(server.source()).isEqualTo(PostgresTestServer.Source.EMBEDDED);
            try (TestDatabase db = server.createDatabase("embedded"); Connection c = db.connect(); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("select current_database(), version()")) {
                rs.next();
                assertThat(rs.getString(1)).isEqualTo(db.name());
                assertThat(rs.getString(2)).startsWith("PostgreSQL ");
            }
            url = server.adminUrl();
        } finally {
            server.close();
        }
        assertThatThrownBy(() -> DriverManager.getConnection(url + "&connectTimeout=2").close()).isInstanceOf(SQLException.class);
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
