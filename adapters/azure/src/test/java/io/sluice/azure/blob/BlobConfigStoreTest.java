package io.sluice.azure.blob;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import io.sluice.azure.AzuriteClients;
import org.junit.jupiter.api.Test;

/** Configs as blobs, against Azurite. */
class BlobConfigStoreTest {

    @Test
    void aDocumentIsReadBelowItsPrefixAndNamesThatLeaveItFindNothing() {
        BlobContainerClient container = AzuriteClients.newContainer();
        container.create();
        container.getBlobClient("configs/team/orders.json").upload(BinaryData.fromString("{\"ok\":\"é\"}"));
        container.getBlobClient("secret.json").upload(BinaryData.fromString("{}"));
        BlobConfigStore store = new BlobConfigStore(container, "configs/");

        assertThat(store.read("team/orders.json")).contains("{\"ok\":\"é\"}");
        assertThat(store.read("team/absent.json")).isEmpty();
        assertThat(store.read("../secret.json")).isEmpty();
        assertThat(store.read("/configs/team/orders.json")).isEmpty();
        assertThat(store.read("team//orders.json")).isEmpty();
        assertThat(store.read("")).isEmpty();
    }
}
