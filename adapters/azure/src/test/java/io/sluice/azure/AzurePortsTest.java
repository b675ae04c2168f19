package io.sluice.azure;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.azure.blob.BlobObjectStore;
import io.sluice.azure.datafactory.DataFactoryJobLauncher;
import io.sluice.azure.keyvault.KeyVaultSecretResolver;
import io.sluice.azure.queue.StorageTaskQueue;
import io.sluice.azure.servicebus.ServiceBusTaskQueue;
import io.sluice.azure.table.TableStatusStore;
import io.sluice.orchestration.port.ConfigStore;
import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.SecretResolver;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.UpstreamLedger;
import io.sluice.orchestration.port.Warehouse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** The beans {@link AzurePorts} makes from properties: storage against Azurite; the others only built, never called. */
class AzurePortsTest {

    private static ConfigurableApplicationContext start(String... properties) {
        return new SpringApplicationBuilder(AzurePorts.class).web(WebApplicationType.NONE).properties("spring.main.banner-mode=off")
                .properties(properties).run();
    }

    @Test
    void storageSettingsMakeTheBlobAndTableAdaptersAndTheStorageQueue() {
        try (var context = start("sluice.azure.storage.connection-string=" + AzuriteClients.server().connectionString(),
                "sluice.azure.storage.container=ports-test", "sluice.queue=storage")) {
            assertThat(context.getBean(ObjectStore.class)).isInstanceOf(BlobObjectStore.class);
            assertThat(context.getBean(StatusStore.class)).isInstanceOf(TableStatusStore.class);
            assertThat(context.getBean(TaskQueue.class)).isInstanceOf(StorageTaskQueue.class);
            assertThat(context.getBeansOfType(ConfigStore.class)).hasSize(1);
            assertThat(context.getBeansOfType(UpstreamLedger.class)).hasSize(1);
            assertThat(context.getBeansOfType(SecretResolver.class)).isEmpty();
            assertThat(context.getBeansOfType(Warehouse.class)).isEmpty();
        }
    }

    @Test
    void serviceBusKeyVaultAndDataFactorySettingsMakeTheirAdapters() {
        try (var context = start("sluice.queue=servicebus",
                "sluice.azure.servicebus.connection-string=Endpoint=sb://sluice-test.servicebus.windows.net/;SharedAccessKeyName=k;SharedAccessKey=c2VjcmV0",
                "sluice.azure.servicebus.session-queues=orchestrator",
                "sluice.azure.keyvault.url=https://sluice-test.vault.azure.net",
                "sluice.azure.datafactory.subscription=sub", "sluice.azure.datafactory.resource-group=rg",
                "sluice.azure.datafactory.factory=adf")) {
            assertThat(context.getBean(TaskQueue.class)).isInstanceOf(ServiceBusTaskQueue.class);
            assertThat(context.getBean(SecretResolver.class)).isInstanceOf(KeyVaultSecretResolver.class);
            assertThat(context.getBean(JobLauncher.class)).isInstanceOf(DataFactoryJobLauncher.class);
            assertThat(context.getBeansOfType(ObjectStore.class)).isEmpty();
        }
    }
}
