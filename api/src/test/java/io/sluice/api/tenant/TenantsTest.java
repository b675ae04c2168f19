package io.sluice.api.tenant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TenantsTest {
    private static final String KEY = ApiKeys.generate();
    private static final String OTHER = ApiKeys.generate();

    private static Tenants parse(String json) {
        return Tenants.parse(Json.parse(json), "tenants.json");
    }

    private static String valid() {
        return """
                {"tenants": {"finance": {"pipelines": ["orders"], "keys": [{"id": "ci", "sha256": "%s", "role": "reader"}]},
                             "ops": {"pipelines": ["sweep"], "keys": [{"id": "ops", "sha256": "%s", "role": "operator"}]}}}"""
                .formatted(ApiKeys.hashHex(KEY), ApiKeys.hashHex(OTHER));
    }

    @Test
    void aKeyStandsForItsTenantAndRole() {
        Tenants tenants = parse(valid());
        assertThat(tenants.configured()).isTrue();
        Caller.TenantKey finance = tenants.authenticate(KEY).orElseThrow();
        assertThat(finance.tenant()).isEqualTo("finance");
        assertThat(finance.keyId()).isEqualTo("ci");
        assertThat(finance.role()).isEqualTo(Role.READER);
        assertThat(finance.sees("orders")).isTrue();
        assertThat(finance.sees("sweep")).isFalse();
        assertThat(finance.mayChange()).isFalse();
        assertThat(tenants.authenticate(OTHER).orElseThrow().role()).isEqualTo(Role.OPERATOR);
        assertThat(tenants.authenticate(KEY + " ")).isEmpty();
        assertThat(tenants.authenticate("")).isEmpty();
        assertThat(tenants.tenantOf("sweep")).contains("ops");
        assertThat(tenants.unowned(java.util.List.of("orders", "stray"))).containsExactly("stray");
    }

    @Test
    void generatedKeysAreLongRandomAndOnlyTheirHashIsKept() {
        assertThat(KEY).startsWith(ApiKeys.PREFIX).hasSize(3 + 43).isNotEqualTo(OTHER);
        assertThat(ApiKeys.hashHex(KEY)).hasSize(64).doesNotContain(KEY.substring(3));
    }

    @Test
    void everyProblemOfAFileIsReportedAtOnce() {
        String bad = """
                {"tenants": {"finance": {"pipelines": ["orders", "bad id"], "keys": [
                   {"id": "ci", "sha256": "%s", "role": "operator"}, {"id": "again", "sha256": "%s", "role": "reader"},
                   {"id": "short", "sha256": "abc", "role": "reader"},
                   {"id": "boss", "sha256": "%s", "role": "admin"}], "owner": "me"},
                 "ops": {"pipelines": ["orders"], "keys": "none"},
                 "bad name!": []}, "extra": 1}""".formatted(ApiKeys.hashHex(KEY), ApiKeys.hashHex(KEY), ApiKeys.hashHex(OTHER));
        assertThatThrownBy(() -> parse(bad)).isInstanceOfSatisfying(Tenants.InvalidTenantsException.class, e -> assertThat(e.problems())
                .anySatisfy(p -> assertThat(p).startsWith("/tenants/finance/pipelines/1:"))
                .anySatisfy(p -> assertThat(p).startsWith("/tenants/finance/keys/1/sha256:").contains("/tenants/finance/keys/0"))
                .anySatisfy(p -> assertThat(p).startsWith("/tenants/finance/keys/2/sha256:").contains("never the key itself"))
                .anySatisfy(p -> assertThat(p).startsWith("/tenants/finance/keys/3/role:").contains("'admin'"))
                .anySatisfy(p -> assertThat(p).startsWith("/tenants/finance/owner:"))
                .anySatisfy(p -> assertThat(p).startsWith("/tenants/ops/pipelines/0:").contains("belongs to tenant 'finance'"))
                .anySatisfy(p -> assertThat(p).startsWith("/tenants/ops/keys:"))
                .anySatisfy(p -> assertThat(p).startsWith("/tenants/bad name!:"))
                .anySatisfy(p -> assertThat(p).startsWith("/extra:")));
        assertThatThrownBy(() -> parse("[]")).isInstanceOf(Tenants.InvalidTenantsException.class).hasMessageContaining("/tenants");
    }

    /** Finding 6c of issue 9: a key without a role used to become an operator. */
    @Test
    void aKeyWithoutARoleIsAnErrorNamingItsPointer() {
        String roleless = """
                {"tenants": {"finance": {"pipelines": ["orders"], "keys": [{"id": "ci", "sha256": "%s", "role": "reader"},
                                                                           {"id": "ops", "sha256": "%s"}]}}}"""
                .formatted(ApiKeys.hashHex(KEY), ApiKeys.hashHex(OTHER));
        assertThatThrownBy(() -> parse(roleless)).isInstanceOfSatisfying(Tenants.InvalidTenantsException.class, e -> assertThat(e.problems())
                .singleElement().satisfies(p -> assertThat(p).startsWith("/tenants/finance/keys/1/role: missing")
                        .contains("'operator'", "'reader'")));
        assertThatThrownBy(() -> parse(roleless.replace("\"id\": \"ops\",", "\"id\": \"ops\", \"role\": 1,")))
                .isInstanceOf(Tenants.InvalidTenantsException.class).hasMessageContaining("/tenants/finance/keys/1/role: expected");
    }

    @Test
    void noFileIsTheLocalModeAndABrokenOneIsRefused(@TempDir Path dir) throws Exception {
        assertThat(Tenants.load(dir.resolve("tenants.json")).configured()).isFalse();
        Files.writeString(dir.resolve("tenants.json"), "{\"tenants\": ");
        assertThatThrownBy(() -> Tenants.load(dir.resolve("tenants.json"))).isInstanceOf(Tenants.InvalidTenantsException.class)
                .hasMessageContaining("not JSON");
        Files.writeString(dir.resolve("tenants.json"), valid());
        assertThat(Tenants.load(dir.resolve("tenants.json")).keyCount()).isEqualTo(2);
    }
}
