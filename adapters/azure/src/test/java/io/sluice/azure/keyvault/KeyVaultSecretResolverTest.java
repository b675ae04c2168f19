package io.sluice.azure.keyvault;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.http.HttpClient;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpHeaders;
import com.azure.core.http.HttpPipeline;
import com.azure.core.http.HttpPipelineBuilder;
import com.azure.core.http.policy.AddHeadersPolicy;
import com.azure.security.keyvault.secrets.SecretClient;
import com.azure.security.keyvault.secrets.SecretClientBuilder;
import com.github.tomakehurst.wiremock.WireMockServer;
import io.sluice.testkit.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * No Key Vault runs here: these tests run the real {@link SecretClient} against a WireMock stub of the Key Vault
 * REST API ({@code GET /secrets/{name}?api-version=...}) on loopback. The SDK's own credential policy refuses
 * a plain-http vault ("token credentials require a URL using the HTTPS protocol scheme") and expects a
 * 401 challenge first, so the client here is built with an {@link HttpPipeline} of our own that sends a fixed
 * bearer token instead. What this cannot prove: Azure AD authentication, the challenge handshake, RBAC or
 * access-policy answers of a real vault, and throttling (429) behaviour.
 */
class KeyVaultSecretResolverTest {
    private static WireMockServer vault;
    private ManualClock clock;
    private KeyVaultSecretResolver resolver;

    @BeforeAll
    static void startStub() {
        vault = new WireMockServer(wireMockConfig().bindAddress("127.0.0.1").dynamicPort());
        vault.start();
    }

    @AfterAll
    static void stopStub() {
        vault.stop();
    }

    @BeforeEach
    void setUp() {
        vault.resetAll();
        clock = new ManualClock(Instant.parse("2026-11-29T06:00:00Z"));
        HttpPipeline pipeline = new HttpPipelineBuilder()
                .httpClient(HttpClient.createDefault())
                .policies(new AddHeadersPolicy(new HttpHeaders().set(HttpHeaderName.AUTHORIZATION, "Bearer test-token")))
                .build();
        SecretClient client = new SecretClientBuilder().vaultUrl(vault.baseUrl()).pipeline(pipeline).buildClient();
        resolver = new KeyVaultSecretResolver(VaultSecrets.of(client), Duration.ofMinutes(5), clock);
    }

    private void secret(String vaultName, String value) {
        vault.stubFor(get(urlPathMatching("/secrets/" + vaultName + "/?")).willReturn(okJson("{\"value\":\"" + value + "\",\"id\":\""
                + vault.baseUrl() + "/secrets/" + vaultName + "/0123456789abcdef\",\"attributes\":{\"enabled\":true}}")));
    }

    @Test
    void aSecretIsReadOnceAndCachedUntilItsTimeIsUp() {
        secret("warehouse-password", "s3cret-1");
        assertThat(resolver.resolve("warehouse-password")).contains("s3cret-1");
        assertThat(resolver.resolve("warehouse-password")).contains("s3cret-1");
        vault.verify(1, getRequestedFor(urlPathMatching("/secrets/warehouse-password/?"))
                .withHeader("Authorization", equalTo("Bearer test-token")));

        secret("warehouse-password", "s3cret-2"); // rotated
        clock.advance(Duration.ofMinutes(5));
        assertThat(resolver.resolve("warehouse-password")).contains("s3cret-2");
        vault.verify(2, getRequestedFor(urlPathMatching("/secrets/warehouse-password/?")));
    }

    @Test
    void aTenantsSecretIsReadUnderItsTenantsName() {
        secret("finance--partner-token", "fin-value");
        assertThat(resolver.resolve("finance/partner-token")).contains("fin-value");
        vault.verify(getRequestedFor(urlPathMatching("/secrets/finance--partner-token/?")));
    }

    @Test
    void namesThatCouldMeetAnotherOrLeaveTheirTenantAreRefused() {
        assertThatThrownBy(() -> resolver.resolve("finance--partner-token")).hasMessageContaining("kept for tenants");
        assertThatThrownBy(() -> resolver.resolve("Finance/partner-token")).hasMessageContaining("lower-case");
        assertThatThrownBy(() -> resolver.resolve("finance/a/b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> resolver.resolve("under_score")).isInstanceOf(IllegalArgumentException.class);
        assertThat(vault.getAllServeEvents()).isEmpty();
    }

    @Test
    void anAbsentSecretIsEmptyAndAVaultErrorNamesNoValue() {
        vault.stubFor(get(urlPathMatching("/secrets/absent/?")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"error\":{\"code\":\"SecretNotFound\",\"message\":\"A secret with (name/id) absent was not found in this key vault.\"}}")));
        assertThat(resolver.resolve("absent")).isEmpty();

        vault.stubFor(get(urlPathMatching("/secrets/broken/?")).willReturn(aResponse().withStatus(403)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"error\":{\"code\":\"Forbidden\",\"message\":\"leaked-looking text\"}}")));
        assertThatThrownBy(() -> resolver.resolve("broken"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Key Vault could not read secret 'broken' (HTTP 403)")
                .hasNoCause();
        assertThat(resolver.toString()).doesNotContain("s3cret").contains("never shown");
    }
}
