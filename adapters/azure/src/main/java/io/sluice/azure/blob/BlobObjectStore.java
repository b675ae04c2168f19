package io.sluice.azure.blob;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.models.BlobErrorCode;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.models.ListBlobsOptions;
import io.sluice.orchestration.port.ObjectStore;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@link ObjectStore} on one Azure Blob Storage container: a key is a blob name (block blobs; {@code /}
 * is part of the name, as in S3). The container is created if absent.
 *
 * <p>Listing is flat (no hierarchy) and in the order Blob Storage lists, which is UTF-8 byte order of the
 * names as the port asks. {@code startAfter} is sent as List Blobs' {@code startFrom} (which is inclusive,
 * and which older servers such as Azurite may ignore), and names up to {@code startAfter} are dropped here
 * as well, so the page is right either way; against a server that ignores {@code startFrom} a late page
 * costs a walk over the names before it.
 */
public final class BlobObjectStore implements ObjectStore {
    private static final int MAX_PAGE = 5000; // List Blobs' largest page

    private final BlobContainerClient container;

    public BlobObjectStore(BlobContainerClient container) {
        this.container = container;
        container.createIfNotExists();
    }

    @Override
    public void put(String key, byte[] content) {
        container.getBlobClient(key).upload(BinaryData.fromBytes(content), true);
    }

    @Override
    public Optional<byte[]> get(String key) {
        try {
            return Optional.of(container.getBlobClient(key).downloadContent().toBytes());
        } catch (BlobStorageException e) {
            if (e.getErrorCode() == BlobErrorCode.BLOB_NOT_FOUND || e.getStatusCode() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    @Override
    public List<ObjectInfo> list(String prefix, String startAfter, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1, was " + max);
        }
        ListBlobsOptions options = new ListBlobsOptions().setMaxResultsPerPage(Math.min(MAX_PAGE, max + 1));
        if (prefix != null && !prefix.isEmpty()) {
            options.setPrefix(prefix);
        }
        if (startAfter != null) {
            options.setStartFrom(startAfter);
        }
        List<ObjectInfo> out = new ArrayList<>(Math.min(max, 1024));
        byte[] after = startAfter == null ? null : startAfter.getBytes(StandardCharsets.UTF_8);
        for (BlobItem item : container.listBlobs(options, null)) {
            if (Boolean.TRUE.equals(item.isDeleted()) || (after != null
                    && Arrays.compareUnsigned(item.getName().getBytes(StandardCharsets.UTF_8), after) <= 0)) {
                continue;
            }
            out.add(new ObjectInfo(item.getName(), item.getProperties().getContentLength(),
                    item.getProperties().getLastModified().toInstant()));
            if (out.size() == max) {
                break;
            }
        }
        return out;
    }

    @Override
    public boolean delete(String key) {
        return container.getBlobClient(key).deleteIfExists();
    }

    @Override
    public String toString() {
        return "BlobObjectStore[" + container.getBlobContainerUrl() + "]";
    }
}
