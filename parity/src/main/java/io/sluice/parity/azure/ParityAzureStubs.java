package io.sluice.parity.azure;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.azure.AzureStorageClients;
import io.sluice.azure.SluiceAzureProperties;
import io.sluice.azure.keyvault.KeyVaultSecretResolver;
import io.sluice.stubs.azure.FakeDataFactory;
import io.sluice.functions.task.warehouse.CopyToWarehouse;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.SecretResolver;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.function.Function;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;
import reactor.core.publisher.Mono;

/**
 * What the Azure host has in place of the three services that cannot run here. Data Factory: the adapter's own
 * {@code glue-launch} and launcher, pointed at the Data Factory stub ({@code sluice.azure.datafactory.management-endpoint}),
 * with the stub's bearer token as the app's identity. Synapse: the adapter's {@code copy-to-warehouse} over the real
 * {@code SynapseWarehouse} on a scripted SQL session ({@link ParitySynapse}), wired as the adapter wires it when
 * {@code sluice.azure.synapse.jdbc-url} names a pool (left unset here: there is none).
 */
@Configuration(proxyBeanMethods = false)
public class ParityAzureStubs {

    @Bean
    @Primary
    public TokenCredential parityArmToken() {
        return request -> Mono.just(new AccessToken(FakeDataFactory.TOKEN, OffsetDateTime.now().plusHours(1)));
    }

    /**
     * Key Vault: the adapter's {@link KeyVaultSecretResolver} (as {@code sluice.azure.keyvault.url} wires it) over the
     * secrets the suite put in {@code parity.vault}, name to value, in place of the vault's {@code GET /secrets/<name>}.
     * A platform secret's vault name is its own name, so the map is keyed by the names the options files give.
     */
    @Bean
    public SecretResolver parityKeyVault(Environment environment, Clock clock) {
        JsonNode vault = Json.parse(environment.getProperty("parity.vault", "{}"));
        return new KeyVaultSecretResolver(name -> Optional.ofNullable(vault.get(name)).map(JsonNode::asText), Duration.ofMinutes(5), clock);
    }

    @Bean
    ParitySynapse paritySynapse(Environment environment, AzureStorageClients storage, SluiceAzureProperties properties) {
        String sql = environment.getProperty("parity.warehouse-sql", "");
        return new ParitySynapse(sql.isBlank() ? null : Path.of(sql), storage.blobs().getBlobContainerClient(properties.storage().container()));
    }

    @Bean(CopyToWarehouse.NAME)
    public Function<JsonNode, JsonNode> copyToWarehouse(ParitySynapse synapse, Clock clock,
                                                        org.springframework.beans.factory.ObjectProvider<io.sluice.orchestration.port.ConfigStore> configs) {
        return new CopyToWarehouse(synapse.warehouse(), configs.getIfAvailable(() -> name -> java.util.Optional.empty()), clock);
    }
}
