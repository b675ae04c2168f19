package io.sluice.azure;

import com.azure.core.credential.TokenCredential;
import com.azure.identity.DefaultAzureCredentialBuilder;
import com.azure.messaging.servicebus.ServiceBusClientBuilder;
import com.azure.security.keyvault.secrets.SecretClientBuilder;
import io.sluice.azure.blob.BlobConfigStore;
import io.sluice.azure.blob.BlobObjectStore;
import io.sluice.azure.datafactory.ArmDataFactoryClient;
import io.sluice.azure.datafactory.DataFactoryJobLauncher;
import io.sluice.azure.keyvault.KeyVaultSecretResolver;
import io.sluice.azure.kv.TableKeyValueTable;
import io.sluice.azure.keyvault.VaultSecrets;
import io.sluice.azure.queue.StorageTaskQueue;
import io.sluice.azure.servicebus.SdkServiceBusChannel;
import io.sluice.azure.servicebus.ServiceBusTaskQueue;
import io.sluice.azure.synapse.BatchFiles;
import io.sluice.azure.synapse.JdbcSqlSessions;
import io.sluice.azure.synapse.SynapseWarehouse;
import io.sluice.azure.table.TableExportLedger;
import io.sluice.azure.table.TableStatusStore;
import io.sluice.azure.table.TableUpstreamLedger;
import io.sluice.functions.task.jobs.JobCompletions;
import io.sluice.orchestration.port.ConfigStore;
import io.sluice.orchestration.port.ExportLedger;
import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.JobRun;
import io.sluice.orchestration.port.KeyValueTable;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.UpstreamLedger;
import io.sluice.orchestration.port.Warehouse;
import java.time.Clock;
import java.util.function.Consumer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Azure adapters as beans, each made only when its settings name its service (so an app that configures
 * none of them, like the startup probe, starts without any):
 *
 * <ul>
 *   <li>{@code sluice.azure.storage.connection-string} or {@code .account-endpoint}: {@link ObjectStore} and
 *       {@link ConfigStore} on Blob, {@link StatusStore}, {@link ExportLedger}, {@link UpstreamLedger} and the
 *       {@code dynamodb:*} integrations' {@link KeyValueTable} ({@code sluice.integrations.item-table}) on Table;</li>
 *   <li>{@code sluice.queue=storage} (with storage): {@link TaskQueue} on Storage Queues; {@code sluice.queue=servicebus}
 *       with {@code sluice.azure.servicebus.namespace} or {@code .connection-string}: on Service Bus;</li>
 *   <li>{@code sluice.azure.keyvault.url}: {@link SecretResolver} on Key Vault;</li>
 *   <li>{@code sluice.azure.datafactory.factory}: {@link JobLauncher} on Data Factory pipeline runs;</li>
 *   <li>{@code sluice.azure.synapse.jdbc-url} (with storage, where the batch files are): {@link Warehouse} on Synapse.</li>
 * </ul>
 * Without a connection string the services are reached with {@code DefaultAzureCredential} (the Function app's
 * managed identity).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({SluiceAzureProperties.class, AzureIntegrationProperties.class, AzureHttpIntegrationProperties.class})
public class AzurePorts {
    public static final String STORAGE = "'${sluice.azure.storage.connection-string:}' != '' or '${sluice.azure.storage.account-endpoint:}' != ''";
    public static final String STORAGE_QUEUE = "'${sluice.queue:}' == 'storage' and (" + STORAGE + ")";
    public static final String SERVICE_BUS = "'${sluice.queue:}' == 'servicebus' and ('${sluice.azure.servicebus.namespace:}' != ''"
            + " or '${sluice.azure.servicebus.connection-string:}' != '')";

    @Bean
    @ConditionalOnMissingBean
    public TokenCredential azureCredential() {
        return new DefaultAzureCredentialBuilder().build();
    }

    @Bean
    @ConditionalOnMissingBean
    public Clock clock() {
        return Clock.systemUTC();
    }

    @Bean
    @ConditionalOnExpression(STORAGE)
    public AzureStorageClients azureStorageClients(SluiceAzureProperties properties, ObjectProvider<TokenCredential> credential) {
        return AzureStorageClients.of(properties.storage(), credential.getIfAvailable());
    }

    @Bean
    @ConditionalOnExpression(STORAGE)
    public ObjectStore objectStore(AzureStorageClients storage, SluiceAzureProperties properties) {
        return new BlobObjectStore(storage.blobs().getBlobContainerClient(properties.storage().container()));
    }

    @Bean
    @ConditionalOnExpression(STORAGE)
    public ConfigStore configStore(AzureStorageClients storage, SluiceAzureProperties properties) {
        return new BlobConfigStore(storage.blobs().getBlobContainerClient(properties.storage().configContainer()),
                properties.storage().configPrefix());
    }

    @Bean
    @ConditionalOnExpression(STORAGE)
    public StatusStore statusStore(AzureStorageClients storage, SluiceAzureProperties properties) {
        return new TableStatusStore(storage.tables(), properties.storage().statusTable());
    }

    @Bean
    @ConditionalOnExpression(STORAGE)
    public ExportLedger exportLedger(AzureStorageClients storage, SluiceAzureProperties properties) {
        return new TableExportLedger(storage.tables(), properties.storage().exportLedgerTable());
    }

    @Bean
    @ConditionalOnExpression(STORAGE)
    public UpstreamLedger upstreamLedger(AzureStorageClients storage, SluiceAzureProperties properties) {
        return new TableUpstreamLedger(storage.tables(), properties.storage().upstreamLedgerTable());
    }

    @Bean
    @ConditionalOnExpression(STORAGE)
    public KeyValueTable keyValueTable(AzureStorageClients storage, AzureIntegrationProperties integrations) {
        return new TableKeyValueTable(storage.tables(), integrations.itemTable());
    }

    @Bean
    @ConditionalOnExpression(STORAGE_QUEUE)
    public StorageTaskQueue storageTaskQueue(AzureStorageClients storage, SluiceAzureProperties properties, Clock clock) {
        return new StorageTaskQueue(storage.queues(), storage.tables(), properties.storage().queueTable(),
                properties.storage().maxReceives(), clock);
    }

    @Bean(destroyMethod = "close")
    @ConditionalOnExpression(SERVICE_BUS)
    public ServiceBusTaskQueue serviceBusTaskQueue(SluiceAzureProperties properties, ObjectProvider<TokenCredential> credential, Clock clock) {
        SluiceAzureProperties.ServiceBus bus = properties.servicebus();
        ServiceBusClientBuilder builder = new ServiceBusClientBuilder();
        if (bus.connectionString() != null && !bus.connectionString().isBlank()) {
            builder.connectionString(bus.connectionString());
        } else {
            builder.fullyQualifiedNamespace(bus.namespace()).credential(credential.getObject());
        }
        return new ServiceBusTaskQueue(new SdkServiceBusChannel(builder), bus.sessionQueues()::contains, bus.maxReceives(), clock);
    }

    @Bean
    @ConditionalOnProperty("sluice.azure.keyvault.url")
    public SecretResolver secretResolver(SluiceAzureProperties properties, TokenCredential credential, Clock clock) {
        var client = new SecretClientBuilder().vaultUrl(properties.keyvault().url()).credential(credential).buildClient();
        return new KeyVaultSecretResolver(VaultSecrets.of(client), properties.keyvault().cacheTtl(), clock);
    }

    @Bean
    @ConditionalOnProperty("sluice.azure.datafactory.factory")
    public JobLauncher jobLauncher(SluiceAzureProperties properties, TokenCredential credential, Clock clock,
                                   ObjectProvider<JobCompletions> completions) {
        SluiceAzureProperties.DataFactory adf = properties.datafactory();
        ArmDataFactoryClient client = new ArmDataFactoryClient(adf.managementEndpoint(), adf.subscription(), adf.resourceGroup(),
                adf.factory(), credential);
        Consumer<JobRun> listener = completions.getIfAvailable(() -> null);
        return new DataFactoryJobLauncher(client, listener == null ? run -> {} : listener, clock, adf.lookback(), adf.monitoringLink());
    }

    @Bean
    @ConditionalOnExpression("'${sluice.azure.synapse.jdbc-url:}' != '' and (" + STORAGE + ")")
    public Warehouse warehouse(SluiceAzureProperties properties, AzureStorageClients storage) {
        SluiceAzureProperties.Synapse synapse = properties.synapse();
        String container = synapse.sourceContainer() != null ? synapse.sourceContainer() : properties.storage().container();
        return new SynapseWarehouse(JdbcSqlSessions.ofUrl(synapse.jdbcUrl()), BatchFiles.blobs(storage.blobs().getBlobContainerClient(container)),
                synapse.ledgerSchema(), synapse.copyCredential());
    }
}
