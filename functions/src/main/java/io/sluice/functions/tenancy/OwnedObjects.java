package io.sluice.functions.tenancy;

import io.sluice.orchestration.port.ObjectStore;

/**
 * The object store as each run's owner sees it, the only way task functions and integrations reach objects: a tenant's
 * run sees its namespace, {@code tenants/<tenant>/}, as the whole store (a key it names resolves inside it, and a key with
 * a {@code .} or {@code ..} segment is refused by {@link ObjectNamespace#checkedKey} first); the platform's own run sees
 * the store as it is; a run of no owner sees nothing ({@value Owner#NO_OWNER}).
 */
public final class OwnedObjects {
    private final ObjectStore root;

    /** @param root the platform's object store (the data folder, the deployment's bucket, its Blob container) */
    public OwnedObjects(ObjectStore root) {
        this.root = root;
    }

    /** The store {@code owner} sees. */
    public ObjectStore of(Owner owner) {
        String prefix = ObjectNamespace.prefix(owner);
        return prefix.isEmpty() ? root : new PrefixedStore(root, prefix);
    }

    @Override
    public String toString() {
        return "OwnedObjects[" + root + "]";
    }
}
