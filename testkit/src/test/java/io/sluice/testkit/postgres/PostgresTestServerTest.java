package io.sluice.testkit.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

class PostgresTestServerTest {

    @Test
    void eachDatabaseIsCreatedEmptyAndDroppedOnClose() throws SQLException {
        PostgresTestServer server = PostgresTestServer.shared();
        TestDatabase db = server.createDatabase(getClass().getSimpleName());
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("create table t (x int)");
            s.execute("insert into t values (1)");
            assertThat(exists(server, db.name())).isTrue();
        } finally {
            db.close();
        }
        assertThat(exists(server, db.name())).isFalse();
        assertThat(PostgresTestServer.shared()).isSameAs(server);
    }

    @Test
    void urlsOfEitherFormNameTheServerAndDatabasesAreSwappedIn() {
        assertThat(PostgresUrl.toJdbc("postgresql://app:s3cret@db.example:5433/sluice?sslmode=require"))
                .isEqualTo("jdbc:postgresql://db.example:5433/sluice?user=app&password=s3cret&sslmode=require");
        assertThat(PostgresUrl.toJdbc("jdbc:postgresql://h/db?user=u")).isEqualTo("jdbc:postgresql://h/db?user=u");
        assertThat(PostgresUrl.withDatabase("jdbc:postgresql://h:1/postgres?user=u&password=p", "other"))
                .isEqualTo("jdbc:postgresql://h:1/other?user=u&password=p");
        assertThat(PostgresUrl.withDatabase("jdbc:postgresql://h:1", "other")).isEqualTo("jdbc:postgresql://h:1/other");
        assertThat(PostgresUrl.redact("jdbc:postgresql://h/db?user=u&password=p&x=1")).isEqualTo("jdbc:postgresql://h/db?user=u&password=***&x=1");
        PostgresTestServer configured = PostgresTestServer.find(new PostgresTestServer.Settings("postgresql://u:p@example.invalid/db", "127.0.0.1", 1, false));
        assertThat(configured.source()).isEqualTo(PostgresTestServer.Source.CONFIGURED);
        assertThat(configured.toString()).doesNotContain(":p@").doesNotContain("password=p");
        configured.close();
    }

    private static boolean exists(PostgresTestServer server, String name) throws SQLException {
        try (Connection c = DriverManager.getConnection(server.adminUrl()); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select count(*) from pg_database where datname = '" + name + "'")) {
            rs.next();
            return rs.getInt(1) == 1;
        }
    }
}
