package io.sluice.azure;

import com.azure.core.credential.TokenCredential;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.queue.QueueMessageEncoding;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueServiceClientBuilder;

/**
 * The Blob, Table and Queue service clients of one storage account, from a connection string or from the
 * account's endpoints and an Azure AD credential. Queue messages are base64-encoded, the Functions queue
 * trigger's default.
 */
public record AzureStorageClients(BlobServiceClient blobs, TableServiceClient tables, QueueServiceClient queues) {

    public static AzureStorageClients of(SluiceAzureProperties.Storage storage, TokenCredential credential) {
        if (storage.connectionString() != null && !storage.connectionString().isBlank()) {
            String cs = storage.connectionString();
            return new AzureStorageClients(new BlobServiceClientBuilder().connectionString(cs).buildClient(),
                    new TableServiceClientBuilder().connectionString(cs).buildClient(),
                    new QueueServiceClientBuilder().connectionString(cs).messageEncoding(QueueMessageEncoding.BASE64).buildClient());
        }
        if (storage.accountEndpoint() == null || !storage.accountEndpoint().contains("{service}")) {
            throw new IllegalArgumentException("sluice.azure.storage needs connection-string, or account-endpoint with {service} in it"
                    + " (https://<account>.{service}.core.windows.net)");
        }
        return new AzureStorageClients(
                new BlobServiceClientBuilder().endpoint(storage.endpoint("blob")).credential(credential).buildClient(),
                new TableServiceClientBuilder().endpoint(storage.endpoint("table")).credential(credential).buildClient(),
                new QueueServiceClientBuilder().endpoint(storage.endpoint("queue")).credential(credential)
                        .messageEncoding(QueueMessageEncoding.BASE64).buildClient());
    }
}
