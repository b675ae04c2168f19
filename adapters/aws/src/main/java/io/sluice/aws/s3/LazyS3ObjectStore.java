package io.sluice.aws.s3;

import io.sluice.orchestration.port.ObjectStore;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * An {@link S3ObjectStore} whose S3 client is built at its first use, not before: the lean orchestrator Lambda's
 * (issue 37, waiting executions sleep in the bucket), whose cold start pays for no S3 client until an execution sleeps
 * or a sleeping one wakes. Closing it closes the client, if one was built (SnapStart's checkpoint closes it, and the
 * wiring rebuilt after the restore builds a new one when first needed).
 */
public final class LazyS3ObjectStore implements ObjectStore, AutoCloseable {
    private final Supplier<S3Client> client;
    private final S3Location location;
    private S3Client built;
    private S3ObjectStore store;

    public LazyS3ObjectStore(Supplier<S3Client> client, S3Location location) {
        this.client = client;
        this.location = location;
    }

    private synchronized S3ObjectStore store() {
        if (store == null) {
            built = client.get();
            store = new S3ObjectStore(built, location);
        }
        return store;
    }

    /** Whether the client was built (a test's look at the cold start). */
    public synchronized boolean opened() {
        return built != null;
    }

    @Override
    public void put(String key, byte[] content) {
        store().put(key, content);
    }

    @Override
    public Optional<byte[]> get(String key) {
        return store().get(key);
    }

    @Override
    public List<ObjectInfo> list(String prefix, String startAfter, int max) {
        return store().list(prefix, startAfter, max);
    }

    @Override
    public boolean delete(String key) {
        return store().delete(key);
    }

    @Override
    public synchronized void close() {
        if (built != null) {
            built.close();
            built = null;
            store = null;
        }
    }
}
