package io.sluice.api.tenant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.sluice.orchestration.json.Json;
import org.junit.jupiter.api.Test;

/**
 * Issue 33: a cloud host served an open API (Azure's anonymous trigger, no tenants bundled: "every request may see and
 * do everything"). Now it serves only with tenants, or behind a platform authentication it is told of.
 */
class CloudApiAuthTest {

    @Test
    void withoutTenantsOrAPlatformAuthenticationACloudHostRefusesToStartSayingWhatToDo() {
        IllegalStateException e = catchThrowableOfType(IllegalStateException.class,
                () -> CloudApiAuth.require(Tenants.none(), null, "classpath:pipelines/tenants.json"));
        assertThat(e.getMessage()).contains("classpath:pipelines/tenants.json").contains("sluice.api.platform-auth")
                .contains("iam").contains("easy-auth").contains("api-management").contains("lambda-authorizer");
        assertThat(catchThrowableOfType(IllegalStateException.class, () -> CloudApiAuth.require(Tenants.none(), " ", "x"))).isNotNull();
    }

    @Test
    void tenantsOrANamedPlatformAuthenticationLetItServe() {
        Tenants configured = Tenants.parse(Json.parse("{\"tenants\": {\"t\": {\"pipelines\": [\"p\"], \"keys\": []}}}"), "test");
        assertThat(CloudApiAuth.require(configured, null, "x")).isSameAs(configured);
        Tenants none = Tenants.none();
        for (String mode : new String[] {"iam", "lambda-authorizer", "easy-auth", "API-Management"}) {
            assertThat(CloudApiAuth.require(none, mode, "x")).isSameAs(none);
        }
    }

    @Test
    void anUnknownAuthenticationIsNamedWithTheValuesItTakes() {
        IllegalArgumentException e = catchThrowableOfType(IllegalArgumentException.class,
                () -> CloudApiAuth.require(Tenants.none(), "anonymous", "x"));
        assertThat(e.getMessage()).contains("sluice.api.platform-auth is 'anonymous'").contains("[iam, lambda-authorizer, easy-auth, api-management, function-keys]");
    }

    @Test
    void aBundlePackagedForAnAuthenticationServesOnlyWhereTheDeploymentNamesTheSame() {
        CloudApiAuth.requireAgreement("iam", "iam", "bundle");
        CloudApiAuth.requireAgreement(null, "iam", "bundle");
        CloudApiAuth.requireAgreement("", null, "bundle");

        IllegalStateException none = catchThrowableOfType(IllegalStateException.class,
                () -> CloudApiAuth.requireAgreement("iam", null, "classpath:pipelines/platform-auth.json"));
        assertThat(none.getMessage()).contains("packaged for the platform authentication 'iam' (classpath:pipelines/platform-auth.json)")
                .contains("the deployment names none").contains("sluice.api.platform-auth");
        IllegalStateException other = catchThrowableOfType(IllegalStateException.class,
                () -> CloudApiAuth.requireAgreement("lambda-authorizer", "iam", "bundle"));
        assertThat(other.getMessage()).contains("'lambda-authorizer'").contains("names 'iam'").contains("--platform-auth iam");
        IllegalStateException unknown = catchThrowableOfType(IllegalStateException.class,
                () -> CloudApiAuth.requireAgreement("open", "iam", "bundle"));
        assertThat(unknown.getMessage()).contains("records the platform authentication 'open'").contains("[iam, lambda-authorizer");
    }
}
