package io.sluice.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.tenant.Tenants;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The start fails closed: a broken tenants file, or none when one is required, stops it. */
class TenantsStartupTest {
    private static Tenants tenants(Path dir, Path file, boolean require) {
        return ApiConfiguration.tenants(new SluiceApiProperties(file, require, 1000, null, null, 0, 1, null), dir, "127.0.0.1");
    }

    @Test
    void withoutAFileItIsTheLocalModeUnlessTenantsAreRequired(@TempDir Path dir) {
        assertThat(tenants(dir, null, false).configured()).isFalse();
        assertThatThrownBy(() -> tenants(dir, null, true)).hasMessageContaining("sluice.api.require-tenants")
                .hasMessageContaining(dir.resolve("tenants.json").toString());
    }

    @Test
    void aBrokenFileStopsTheStart(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("tenants.json"), "{\"tenants\": {\"a\": {\"pipelines\": [], \"keys\": [{\"id\": \"k\", \"sha256\": \"x\"}]}}}");
        assertThatThrownBy(() -> tenants(dir, null, false)).isInstanceOf(Tenants.InvalidTenantsException.class)
                .hasMessageContaining("/tenants/a/keys/0/sha256");
        Path elsewhere = dir.resolve("conf/t.json");
        Files.createDirectories(elsewhere.getParent());
        Files.writeString(elsewhere, "{\"tenants\": {}}");
        assertThat(tenants(dir, elsewhere, true).configured()).as("sluice.api.tenants-file").isTrue();
    }
}
