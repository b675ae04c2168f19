package io.sluice.functions.tenancy;

import java.util.Optional;

/**
 * Which tenant owns a pipeline, as the host's tenants file says. Functions use it to keep one
 * tenant's run away from another tenant's configs and secrets; a host with no tenants is
 * {@link #SINGLE}: every pipeline belongs to the one operator of the platform.
 */
@FunctionalInterface
public interface Tenancy {

    /** The tenant of {@code pipeline}, or empty when it belongs to none (the platform's own, or no tenants at all). */
    Optional<String> tenantOf(String pipeline);

    /** No tenants: every pipeline is the platform's. */
    Tenancy SINGLE = pipeline -> Optional.empty();

    /** Whether two pipelines have the same owner. */
    default boolean sameOwner(String pipeline, String other) {
        return tenantOf(pipeline).equals(tenantOf(other));
    }
}
