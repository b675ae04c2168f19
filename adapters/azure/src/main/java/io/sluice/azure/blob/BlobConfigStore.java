package io.sluice.azure.blob;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobStorageException;
import io.sluice.orchestration.port.ConfigStore;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Configs and schemas as blobs: the document {@code team/orders.json} is the blob
 * {@code <prefix>team/orders.json} of the container. A name that is empty, absolute, or has an empty,
 * {@code .} or {@code ..} segment finds nothing, as the folder store's would.
 */
public final class BlobConfigStore implements ConfigStore {
    private final BlobContainerClient container;
    private final String prefix;

    /** @param prefix put before every name ({@code ""} for none; {@code configs/} to keep them in a folder) */
    public BlobConfigStore(BlobContainerClient container, String prefix) {
        this.container = container;
        this.prefix = prefix == null ? "" : prefix;
    }

    @Override
    public Optional<String> read(String name) {
        if (!relative(name)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new String(container.getBlobClient(prefix + name).downloadContent().toBytes(), StandardCharsets.UTF_8));
        } catch (BlobStorageException e) {
            if (e.getStatusCode() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    static boolean relative(String name) {
        if (name == null || name.isEmpty() || name.startsWith("/") || name.contains("\\")) {
            return false;
        }
        for (String segment : name.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "BlobConfigStore[" + container.getBlobContainerUrl() + "/" + prefix + "]";
    }
}
