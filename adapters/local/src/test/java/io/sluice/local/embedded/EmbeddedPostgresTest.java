package io.sluice.local.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The configured path; starting the embedded server is {@link EmbeddedPostgresIT}. */
class EmbeddedPostgresTest {

    @Test
    void aConfiguredUrlIsUsedAsGivenAndNothingIsStarted() {
        EmbeddedPostgres pg = EmbeddedPostgres.configuredOrStarted(
                Map.of(EmbeddedPostgres.URL_VARIABLE, "postgresql://app:s3cret@db.example:5433/sluice"), EmbeddedPostgres.Settings.temporary());
        assertThat(pg.embedded()).isFalse();
        assertThat(pg.jdbcUrl()).isEqualTo("jdbc:postgresql://db.example:5433/sluice?user=app&password=s3cret");
        assertThat(pg.toString()).doesNotContain("s3cret");
        pg.close();
    }

    @Test
    void urlsOfEitherFormBecomeJdbcUrls() {
        assertThat(EmbeddedPostgres.toJdbc("jdbc:postgresql://h/db?user=u")).isEqualTo("jdbc:postgresql://h/db?user=u");
        assertThat(EmbeddedPostgres.toJdbc("postgres://h:1?sslmode=require")).isEqualTo("jdbc:postgresql://h:1/?sslmode=require");
        assertThat(EmbeddedPostgres.toJdbc("postgresql://u@h/db?x=1")).isEqualTo("jdbc:postgresql://h/db?user=u&x=1");
        assertThatThrownBy(() -> EmbeddedPostgres.toJdbc("mysql://h/db")).isInstanceOf(IllegalArgumentException.class);
    }
}
