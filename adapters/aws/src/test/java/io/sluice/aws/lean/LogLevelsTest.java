package io.sluice.aws.lean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.logging.LogLevel;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/** The {@code logging.level.*} settings as a Spring Boot start reads them: property or variable, the preferred source winning. */
class LogLevelsTest {

    private static StandardEnvironment environment(Map<String, Object> properties, Map<String, Object> variables, Map<String, Object> bundle) {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().replace(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME,
                new MapPropertySource(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME, properties));
        env.getPropertySources().replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, variables));
        env.getPropertySources().addLast(new MapPropertySource("bundle", bundle));
        return env;
    }

    @Test
    void readsPropertiesAndVariablesAndTheMorePreferredSourceWins() {
        StandardEnvironment env = environment(Map.of("logging.level.io.sluice", "debug", "sluice.redis-url", "redis://x"),
                Map.of("LOGGING_LEVEL_IO_SLUICE", "error", "LOGGING_LEVEL_ORG_REDISSON", "WARN", "PATH", "/bin"),
                Map.of("logging.level.org.redisson", "trace", "logging.level.root", "info"));

        assertThat(LogLevels.levels(env)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "io.sluice", LogLevel.DEBUG, "org.redisson", LogLevel.WARN, "root", LogLevel.INFO));
    }

    @Test
    void aValueThatIsNotALevelIsRefusedNamingItsSetting() {
        StandardEnvironment env = environment(Map.of(), Map.of("LOGGING_LEVEL_IO_SLUICE", "loud"), Map.of());

        assertThatThrownBy(() -> LogLevels.levels(env)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("LOGGING_LEVEL_IO_SLUICE").hasMessageContaining("expected a log level").hasMessageContaining("'loud'");
    }
}
