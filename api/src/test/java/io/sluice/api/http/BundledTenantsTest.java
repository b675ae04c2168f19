package io.sluice.api.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.api.tenant.Tenants;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.DefaultResourceLoader;

/**
 * What a cloud host (AWS's http-api, Azure's) serves its API with, the one rule both call: a bundle's record of its
 * platform authentication must agree with the deployment's setting, a bundled tenants file is read, and without one the
 * API serves only behind a named platform authentication.
 */
class BundledTenantsTest {
    private static final String TENANTS = """
            {"tenants": {"retail": {"pipelines": ["orders"], "keys": [{"id": "k1", "sha256": "%s", "role": "operator"}]}}}"""
            .formatted("ab".repeat(32));

    @TempDir
    Path bundle;

    private final DefaultResourceLoader loader = new DefaultResourceLoader();

    private static SluiceApiProperties api(boolean requireTenants) {
        return new SluiceApiProperties(null, requireTenants, 1000, null, null, 0, 1, null);
    }

    private Tenants load(String platformAuth, String cloud) {
        return BundledTenants.load(api(false), loader, "file:" + bundle.resolve("tenants.json"), platformAuth,
                "file:" + bundle.resolve("platform-auth.json"), cloud);
    }

    @Test
    void aBundlePackagedForOnePlatformAuthenticationDoesNotStartUnderAnotherOrNone() throws Exception {
        Files.writeString(bundle.resolve("platform-auth.json"), "{\"platformAuth\": \"function-keys\"}");

        assertThatThrownBy(() -> load("", "azure")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("packaged for the platform authentication 'function-keys'").hasMessageContaining("names none");
        assertThatThrownBy(() -> load("easy-auth", "azure")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("names 'easy-auth'").hasMessageContaining("--platform-auth easy-auth");
        assertThat(load("function-keys", "azure").configured()).as("the matching mode, no tenants file: the operator's API").isFalse();
    }

    @Test
    void theBundledTenantsFileIsReadAndWithoutOneANamedPlatformAuthenticationIsRequired() throws Exception {
        assertThatThrownBy(() -> load("", "aws")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("does not serve the API without authentication").hasMessageContaining("sluice.api.platform-auth");
        assertThatThrownBy(() -> BundledTenants.load(api(true), loader, "file:" + bundle.resolve("tenants.json"), "iam",
                "file:" + bundle.resolve("platform-auth.json"), "aws")).hasMessageContaining("./sluice package aws --pipelines DIR");

        Files.writeString(bundle.resolve("tenants.json"), TENANTS);

        Tenants tenants = load("", "aws");
        assertThat(tenants.configured()).isTrue();
        assertThat(tenants.all()).extracting(Tenants.Tenant::name).containsExactly("retail");
    }
}
