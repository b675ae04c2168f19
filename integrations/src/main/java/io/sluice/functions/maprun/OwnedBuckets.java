package io.sluice.functions.maprun;

import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.tenancy.ObjectNamespace;
import io.sluice.functions.tenancy.PrefixedStore;

/**
 * The buckets a distributed Map's {@code ItemReader} and {@code ResultWriter} may name, as the run's owner sees them:
 * the platform's own runs reach the host's buckets; a tenant's run reaches only its own, which are folders of the
 * {@value ObjectNamespace#TENANTS} bucket ({@code tenants/<tenant>/<bucket>/<key>}, the layout the S3 integration uses on
 * every host); a run of no owner reaches none. No bucket name can leave the namespace: a name is one segment, checked
 * by {@link Buckets#folders}.
 */
@FunctionalInterface
public interface OwnedBuckets {

    /** The buckets {@code owner} may name. */
    Buckets of(Owner owner);

    /** Scopes the host's {@code buckets} to each owner. */
    static OwnedBuckets scoping(Buckets buckets) {
        return owner -> switch (owner) {
            case Owner.Platform p -> bucket -> {
                if (ObjectNamespace.TENANTS.equals(bucket)) {
                    throw new IllegalArgumentException("bucket '" + bucket + "' holds the tenants' buckets on this runtime; name another");
                }
                return buckets.bucket(bucket);
            };
            case Owner.Tenant t -> bucket -> Buckets.folders(new PrefixedStore(buckets.bucket(ObjectNamespace.TENANTS), t.name() + "/"))
                    .bucket(bucket);
            case Owner.Nobody n -> bucket -> {
                throw new IllegalArgumentException("bucket '" + bucket + "' cannot be reached: this run has no owner (" + n.why() + ")");
            };
        };
    }
}
