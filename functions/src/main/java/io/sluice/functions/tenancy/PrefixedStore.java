package io.sluice.functions.tenancy;

import io.sluice.orchestration.port.ObjectStore;
import java.util.List;
import java.util.Optional;

/** The keys of a store under a prefix, as a store of their own: a bucket of the folder store, a tenant's namespace. */
public record PrefixedStore(ObjectStore store, String prefix) implements ObjectStore {
    @Override
    public void put(String key, byte[] content) {
        store.put(prefix + key, content);
    }

    @Override
    public Optional<byte[]> get(String key) {
        return store.get(prefix + key);
    }

    @Override
    public List<ObjectInfo> list(String keyPrefix, String startAfter, int max) {
        return store.list(prefix + keyPrefix, startAfter == null ? null : prefix + startAfter, max).stream()
                .map(o -> new ObjectInfo(o.key().substring(prefix.length()), o.size(), o.lastModified())).toList();
    }

    @Override
    public boolean delete(String key) {
        return store.delete(prefix + key);
    }
}
