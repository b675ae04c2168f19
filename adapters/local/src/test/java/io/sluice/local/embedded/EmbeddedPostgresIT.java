package io.sluice.local.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Starts the embedded PostgreSQL the local runtime falls back to: it serves, keeps its data across restarts, and stops. */
class EmbeddedPostgresIT {
    @TempDir
    Path dir;

    @Test
    void withoutAConfiguredUrlItStartsAServerThatKeepsItsDataInItsFolder() throws Exception {
        EmbeddedPostgres.Settings settings = new EmbeddedPostgres.Settings(dir.resolve("pg"), 0, Duration.ofSeconds(60));
        try (EmbeddedPostgres pg = EmbeddedPostgres.configuredOrStarted(Map.of(), settings)) {
            assertThat(pg.embedded()).isTrue();
            try (Connection c = pg.dataSource().getConnection(); Statement s = c.createStatement()) {
                s.execute("create table kept (x text)");
                s.execute("insert into kept values ('across restarts')");
            }
        }
        assertThat(Files.exists(dir.resolve("pg/PG_VERSION"))).isTrue();
        assertThat(Files.getPosixFilePermissions(dir.resolve("pg.password"))).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        try (EmbeddedPostgres pg = EmbeddedPostgres.start(settings); Connection c = pg.dataSource().getConnection();
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery("select x, version() from kept")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getString(1)).isEqualTo("across restarts");
            assertThat(rs.getString(2)).startsWith("PostgreSQL 14.");
        }
    }

    @Test
    void itRefusesAConnectionWithoutThePasswordAndAcceptsOneWithIt() throws Exception {
        try (EmbeddedPostgres pg = EmbeddedPostgres.start(EmbeddedPostgres.Settings.temporary())) {
            String url = pg.jdbcUrl();
            assertThat(url).contains("password=");
            assertThat(pg.toString()).doesNotContain(url.replaceAll(".*password=", ""));
            String withoutPassword = url.replaceAll("&password=[^&]*", "");
            assertThatThrownBy(() -> DriverManager.getConnection(withoutPassword).close()).isInstanceOf(SQLException.class)
                    .hasMessageContaining("password");
            assertThatThrownBy(() -> DriverManager.getConnection(withoutPassword + "&password=wrong").close())
                    .isInstanceOf(SQLException.class).hasMessageContaining("password authentication failed");
            try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("select count(*) from pg_hba_file_rules where auth_method <> 'scram-sha-256'")) {
                rs.next();
                assertThat(rs.getInt(1)).as("every pg_hba rule asks for the password").isZero();
            }
        }
    }
}
