package io.sluice.azure.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.sluice.api.http.SluiceApiProperties;
import io.sluice.api.tenant.Tenants;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.DefaultResourceLoader;

/**
 * Where the Azure http-api finds its tenants: the {@code tenants.json} that {@code ./sluice package azure} bundles under
 * {@code pipelines/} in the app's jar (read here from a file location standing for it), and that a Function app never serves
 * the API in the local mode: without tenants it starts only when {@code sluice.api.platform-auth} names the
 * authentication in front of it (Easy Auth, API Management or function keys).
 */
class AzureApiTenantsTest {
    private static final Path BUNDLE = Path.of("../../examples/events/aws/bundle/pipelines").toAbsolutePath().normalize();
    private final AzureApi api = new AzureApi();
    private final SluiceApiProperties noFile = new SluiceApiProperties(null, false, 262144, null, null, 50, 100, null);

    @Test
    void theBundledTenantsFileIsRead() {
        Tenants tenants = api.tenants(noFile, new DefaultResourceLoader(), "file:" + BUNDLE.resolve("tenants.json"), "");

        assertThat(tenants.configured()).isTrue();
        assertThat(tenants.tenantOf("hello")).contains("finance");
    }

    @Test
    void withoutTenantsOrAPlatformAuthenticationTheApiDoesNotStart() {
        IllegalStateException refused = catchThrowableOfType(IllegalStateException.class,
                () -> api.tenants(noFile, new DefaultResourceLoader(), "classpath:pipelines/tenants.json", ""));

        assertThat(refused).isNotNull();
        assertThat(refused.getMessage()).contains("classpath:pipelines/tenants.json").contains("sluice.api.platform-auth")
                .contains("function-keys");
    }

    @Test
    void behindANamedPlatformAuthenticationTheApiStartsWithoutTenants() {
        for (String mode : new String[] {"easy-auth", "api-management", "function-keys"}) {
            assertThat(api.tenants(noFile, new DefaultResourceLoader(), "classpath:pipelines/tenants.json", mode).configured())
                    .as(mode).isFalse();
        }
    }

    @Test
    void anUnknownPlatformAuthenticationIsNamedInTheError() {
        IllegalArgumentException refused = catchThrowableOfType(IllegalArgumentException.class,
                () -> api.tenants(noFile, new DefaultResourceLoader(), "classpath:pipelines/tenants.json", "anonymous"));

        assertThat(refused.getMessage()).contains("sluice.api.platform-auth is 'anonymous'");
    }
}
