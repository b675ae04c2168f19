package io.sluice.azure;

import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;
import io.sluice.testkit.azure.AzuriteServer;
import java.util.UUID;

/** SDK clients for the shared Azurite of the test JVM, and fresh names so that tests keep apart. */
public final class AzuriteClients {
    private static BlobServiceClient blobs;
    private static TableServiceClient tables;
    private static QueueServiceClient queues;

    private AzuriteClients() {}

    public static AzuriteServer server() {
        return AzuriteServer.shared();
    }

    public static synchronized BlobServiceClient blobs() {
        if (blobs == null) {
            blobs = new BlobServiceClientBuilder().connectionString(server().connectionString()).buildClient();
        }
        return blobs;
    }

    public static synchronized TableServiceClient tables() {
        if (tables == null) {
            tables = new TableServiceClientBuilder().connectionString(server().connectionString()).buildClient();
        }
        return tables;
    }

    public static synchronized QueueServiceClient queues() {
        if (queues == null) {
            queues = new QueueServiceClientBuilder().connectionString(server().connectionString()).buildClient();
        }
        return queues;
    }

    /** A container of its own (not created yet). */
    public static BlobContainerClient newContainer() {
        return blobs().getBlobContainerClient("c-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16));
    }

    /** A table name of its own: letters and digits, starting with a letter. */
    public static String newTableName(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }
}
