package io.sluice.aws.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.client.AwsClients;
import io.sluice.stubs.aws.SecretsManagerStub;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.testkit.time.ManualClock;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.secretsmanager.SecretsManagerClient;

/**
 * The Secrets Manager resolver against a <b>stub</b> of GetSecretValue ({@code SecretsManagerStub}: nothing serves
 * Secrets Manager here): names under the prefix, tenant scoping through {@code ScopedSecrets}, the cache and its
 * TTL (counted in requests that reached the stub), and errors that never carry a value.
 */
class SecretsManagerSecretResolverTest {
    private static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");
    private static SecretsManagerStub stub;
    private static SecretsManagerClient client;

    @BeforeAll
    static void start() {
        stub = new SecretsManagerStub().put("sluice/prod/warehouse-password", "s3cr3t-warehouse")
                .put("sluice/prod/finance/partner-token", "s3cr3t-finance").put("sluice/prod/retail/partner-token", "s3cr3t-retail")
                .putBinary("sluice/prod/binary", "bytes-as-text".getBytes(StandardCharsets.UTF_8)).deny("sluice/prod/forbidden");
        client = AwsClients.build(SecretsManagerClient.builder(), AwsClientSettings.local(stub.endpoint(), "us-east-1"));
    }

    @AfterAll
    static void stop() {
        client.close();
        stub.close();
    }

    private static SecretsManagerSecretResolver resolver(ManualClock clock) {
        return new SecretsManagerSecretResolver(client, "sluice/prod/", Duration.ofMinutes(5), clock);
    }

    private static long requestsFor(String id) {
        return stub.calls("GetSecretValue").stream().filter(c -> c.body().path("SecretId").asText().equals(id)).count();
    }

    @Test
    void aSecretIsItsValueUnderThePrefixAndAnAbsentOneIsEmpty() {
        SecretsManagerSecretResolver secrets = resolver(new ManualClock(T0));
        assertThat(secrets.resolve("warehouse-password")).contains("s3cr3t-warehouse");
        assertThat(secrets.resolve("binary")).contains("bytes-as-text");
        assertThat(secrets.resolve("absent")).isEmpty();
        assertThat(secrets.resolve("")).isEmpty();
        assertThat(secrets.resolve("spaces are not allowed")).isEmpty();
    }

    @Test
    void aTenantsPipelineSeesItsOwnSecretsOnly() {
        ScopedSecrets scoped = new ScopedSecrets(resolver(new ManualClock(T0)));
        io.sluice.functions.tenancy.Tenancy tenancy = pipeline -> pipeline.startsWith("fin-") ? Optional.of("finance") : Optional.empty();
        Owner finance = tenancy.ownerOf("fin-orders", "fin-orders:run");
        assertThat(scoped.resolve(finance, "partner-token")).contains("s3cr3t-finance");
        assertThat(scoped.resolve(tenancy.ownerOf("platform-job", "platform-job:run"), "warehouse-password")).contains("s3cr3t-warehouse");
        assertThatThrownBy(() -> scoped.resolve(finance, "../retail/partner-token")).hasMessageContaining("has a '/'");
        assertThat(scoped.resolve(finance, "warehouse-password")).as("the platform's secret is not the tenant's").isEmpty();
    }

    @Test
    void valuesAndAbsencesAreCachedForTheTtlThenReadAgain() {
        ManualClock clock = new ManualClock(T0);
        SecretsManagerSecretResolver secrets = resolver(clock);
        long before = requestsFor("sluice/prod/warehouse-password");
        long absentBefore = requestsFor("sluice/prod/not-yet");
        for (int i = 0; i < 5; i++) {
            secrets.resolve("warehouse-password");
            secrets.resolve("not-yet");
        }
        assertThat(requestsFor("sluice/prod/warehouse-password") - before).isEqualTo(1);
        assertThat(requestsFor("sluice/prod/not-yet") - absentBefore).isEqualTo(1);

        stub.put("sluice/prod/not-yet", "created later");
        clock.advance(Duration.ofMinutes(5));
        assertThat(secrets.resolve("not-yet")).contains("created later");
        assertThat(secrets.resolve("warehouse-password")).contains("s3cr3t-warehouse");
        assertThat(requestsFor("sluice/prod/warehouse-password") - before).isEqualTo(2);
    }

    @Test
    void anErrorNamesTheSecretAndTheCodeButNoValueAndToStringShowsNone() {
        SecretsManagerSecretResolver secrets = resolver(new ManualClock(T0));
        assertThatThrownBy(() -> secrets.resolve("forbidden")).isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot read secret 'forbidden' from Secrets Manager: AccessDeniedException");
        secrets.resolve("warehouse-password");
        assertThat(secrets.toString()).doesNotContain("s3cr3t").contains("values never shown");
    }
}
