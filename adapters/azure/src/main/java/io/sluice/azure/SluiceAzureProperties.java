package io.sluice.azure;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Settings of the Azure adapters ({@code sluice.azure.*}), bound from the Function app's settings at the edge
 * ({@code SLUICE_AZURE_STORAGE_CONNECTION_STRING}, ...); nothing below reads the environment. Each group is
 * optional: an adapter is created only when its group names its service.
 */
@ConfigurationProperties("sluice.azure")
public record SluiceAzureProperties(Storage storage, ServiceBus servicebus, KeyVault keyvault, DataFactory datafactory, Synapse synapse) {
    public SluiceAzureProperties {
        storage = storage == null ? new Storage(null, null, null, null, null, null, null, null, null, null) : storage;
        servicebus = servicebus == null ? new ServiceBus(null, null, null, null) : servicebus;
        keyvault = keyvault == null ? new KeyVault(null, null) : keyvault;
        datafactory = datafactory == null ? new DataFactory(null, null, null, null, null, null) : datafactory;
        synapse = synapse == null ? new Synapse(null, null, null, null) : synapse;
    }

    /**
     * Blob, Table and Storage Queue.
     *
     * @param connectionString an account's connection string (Azurite's, or a key-based one); else
     * @param accountEndpoint  {@code https://<account>.blob.core.windows.net}-style base, {@code <service>} replaced
     *                         per service ({@code https://acct.{service}.core.windows.net}), with the Function's identity
     * @param container        the object store's container ({@code sluice})
     * @param configContainer  where configs and schemas are ({@code container} if unset), below {@code configPrefix} ({@code configs/})
     */
    public record Storage(String connectionString, String accountEndpoint, String container, String configContainer, String configPrefix,
                          String statusTable, String exportLedgerTable, String upstreamLedgerTable, String queueTable, Integer maxReceives) {
        public Storage {
            container = or(container, "sluice");
            configContainer = or(configContainer, container);
            configPrefix = configPrefix == null ? "configs/" : configPrefix;
            statusTable = or(statusTable, "sluiceStatus");
            exportLedgerTable = or(exportLedgerTable, "sluiceExports");
            upstreamLedgerTable = or(upstreamLedgerTable, "sluiceUpstreams");
            queueTable = or(queueTable, "sluiceQueues");
            maxReceives = maxReceives == null ? 5 : maxReceives;
        }

        public String endpoint(String service) {
            return accountEndpoint.replace("{service}", service);
        }
    }

    /**
     * @param namespace        {@code <ns>.servicebus.windows.net}, with the Function's identity; or
     * @param connectionString a namespace connection string
     * @param sessionQueues    the queues created with sessions (their messages' groups are sessions)
     */
    public record ServiceBus(String namespace, String connectionString, List<String> sessionQueues, Integer maxReceives) {
        public ServiceBus {
            sessionQueues = sessionQueues == null ? List.of() : List.copyOf(sessionQueues);
            maxReceives = maxReceives == null ? 5 : maxReceives;
        }
    }

    /** @param url {@code https://<vault>.vault.azure.net}; @param cacheTtl how long a value (or its absence) is kept */
    public record KeyVault(String url, Duration cacheTtl) {
        public KeyVault {
            cacheTtl = cacheTtl == null ? Duration.ofMinutes(5) : cacheTtl;
        }
    }

    /** The factory whose pipelines {@code glue-launch} runs. */
    public record DataFactory(String subscription, String resourceGroup, String factory, URI managementEndpoint, Duration lookback,
                              String monitoringLink) {
        public DataFactory {
            managementEndpoint = managementEndpoint == null ? URI.create("https://management.azure.com") : managementEndpoint;
            lookback = lookback == null ? Duration.ofDays(7) : lookback;
        }
    }

    /**
     * @param jdbcUrl         the dedicated SQL pool's JDBC URL ({@code jdbc:sqlserver://<ws>.sql.azuresynapse.net:1433;database=...;authentication=ActiveDirectoryManagedIdentity})
     * @param ledgerSchema    where the load ledger and lock tables live ({@code dbo})
     * @param copyCredential  COPY INTO's credential ({@code IDENTITY = 'Managed Identity'})
     * @param sourceContainer the container batch files are read from ({@code storage.container} if unset)
     */
    public record Synapse(String jdbcUrl, String ledgerSchema, String copyCredential, String sourceContainer) {
        public Synapse {
            ledgerSchema = or(ledgerSchema, "dbo");
            copyCredential = or(copyCredential, "IDENTITY = 'Managed Identity'");
        }
    }

    private static String or(String value, String fallback) {
        return value == null || value.isBlank() ? fallback : value;
    }
}
