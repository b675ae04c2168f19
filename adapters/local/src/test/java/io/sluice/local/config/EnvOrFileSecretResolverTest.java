package io.sluice.local.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvOrFileSecretResolverTest {
    @TempDir
    Path dir;

    @Test
    void theEnvironmentComesFirstThenTheSecretsFolder() throws IOException {
        Path secrets = Files.createDirectories(dir.resolve("secrets"));
        Files.writeString(secrets.resolve("warehouse-password"), "from-file\n");
        Files.writeString(secrets.resolve("api.token"), "t0k3n\r\n");
        Files.writeString(dir.resolve("outside"), "nope");
        EnvOrFileSecretResolver resolver = new EnvOrFileSecretResolver(
                Map.of("SLUICE_SECRET_WAREHOUSE_PASSWORD", "from-env", "PATH", "/usr/bin"), secrets);
        assertThat(resolver.resolve("warehouse-password")).contains("from-env");
        assertThat(resolver.resolve("api.token")).contains("t0k3n");
        assertThat(resolver.resolve("absent")).isEmpty();
        assertThat(resolver.resolve("../outside")).isEmpty();
        assertThat(resolver.resolve(".hidden")).isEmpty();
        assertThat(new EnvOrFileSecretResolver(Map.of(), secrets).resolve("warehouse-password")).contains("from-file");
    }

    @Test
    void withoutAFolderOnlyTheEnvironmentCountsAndNoValueIsEverShown() {
        EnvOrFileSecretResolver resolver = new EnvOrFileSecretResolver(Map.of("SLUICE_SECRET_DB_URL", "postgres://u:hunter2@h/db"), null);
        assertThat(EnvOrFileSecretResolver.variable("db.url")).isEqualTo("SLUICE_SECRET_DB_URL");
        assertThat(resolver.resolve("db.url")).contains("postgres://u:hunter2@h/db");
        assertThat(resolver.resolve("other")).isEmpty();
        assertThat(resolver.toString()).doesNotContain("hunter2").contains("SLUICE_SECRET_");
    }
}
