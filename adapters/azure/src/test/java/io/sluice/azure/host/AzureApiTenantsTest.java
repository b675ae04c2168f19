package io.sluice.azure.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.sluice.api.http.SluiceApiProperties;
import io.sluice.api.tenant.Tenants;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.DefaultResourceLoader;

/**
 * Where the Azure http-api finds its tenants: the {@code tenants.json} that {@code ./sluice package azure} bundles under
 * {@code pipelines/} in the app's jar (read here from a file location standing for it), and that a Function app never serves
 * the API in the local mode: without tenants it starts only when {@code sluice.api.platform-auth} names the
 * authentication in front of it (Easy Auth, API Management or function keys), and then only the one the bundle was
 * packaged for ({@code ./sluice package azure --platform-auth}, recorded as {@code pipelines/platform-auth.json}).
 */
class AzureApiTenantsTest {
    private static final Path BUNDLE = Path.of("../../examples/events/aws/bundle/pipelines").toAbsolutePath().normalize();
    private final AzureApi api = new AzureApi();
    /** The events bundle records no platform authentication (it has a tenants file). */
    private static final String NO_RECORD = "file:" + BUNDLE.resolve("platform-auth.json");
    private final SluiceApiProperties noFile = new SluiceApiProperties(null, false, 262144, null, null, 50, 100, null);

    @Test
    void theBundledTenantsFileIsRead() {
        Tenants tenants = api.tenants(noFile, new DefaultResourceLoader(), "file:" + BUNDLE.resolve("tenants.json"), "", NO_RECORD);

        assertThat(tenants.configured()).isTrue();
        assertThat(tenants.tenantOf("hello")).contains("finance");
    }

    @Test
    void withoutTenantsOrAPlatformAuthenticationTheApiDoesNotStart() {
        IllegalStateException refused = catchThrowableOfType(IllegalStateException.class,
                () -> api.tenants(noFile, new DefaultResourceLoader(), "classpath:pipelines/tenants.json", "", NO_RECORD));

        assertThat(refused).isNotNull();
        assertThat(refused.getMessage()).contains("classpath:pipelines/tenants.json").contains("sluice.api.platform-auth")
                .contains("function-keys");
    }

    @Test
    void behindANamedPlatformAuthenticationTheApiStartsWithoutTenants() {
        for (String mode : new String[] {"easy-auth", "api-management", "function-keys"}) {
            assertThat(api.tenants(noFile, new DefaultResourceLoader(), "classpath:pipelines/tenants.json", mode, NO_RECORD).configured())
                    .as(mode).isFalse();
        }
    }

    @Test
    void anUnknownPlatformAuthenticationIsNamedInTheError() {
        IllegalArgumentException refused = catchThrowableOfType(IllegalArgumentException.class,
                () -> api.tenants(noFile, new DefaultResourceLoader(), "classpath:pipelines/tenants.json", "anonymous", NO_RECORD));

        assertThat(refused.getMessage()).contains("sluice.api.platform-auth is 'anonymous'");
    }

    @Test
    void aBundlePackagedForFunctionKeysDoesNotStartBehindAnotherAuthentication(@TempDir Path bundle) throws Exception {
        Files.writeString(bundle.resolve("platform-auth.json"), "{\"platformAuth\": \"function-keys\"}");
        String record = "file:" + bundle.resolve("platform-auth.json");

        IllegalStateException refused = catchThrowableOfType(IllegalStateException.class,
                () -> api.tenants(noFile, new DefaultResourceLoader(), "classpath:pipelines/tenants.json", "easy-auth", record));

        assertThat(refused).isNotNull();
        assertThat(refused.getMessage()).contains("packaged for the platform authentication 'function-keys'").contains("names 'easy-auth'");
        assertThat(api.tenants(noFile, new DefaultResourceLoader(), "classpath:pipelines/tenants.json", "function-keys", record).configured())
                .isFalse();
    }
}
