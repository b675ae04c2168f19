package io.sluice.functions.trigger.upstream;

import io.sluice.functions.tenancy.Tenancy;
import java.util.Collection;
import java.util.Optional;

/**
 * Which upstreams a bundled pipeline of a cloud deployment (Lambda, Azure Functions) may wait for: a pipeline of the bundle,
 * or a state machine created through the Step Functions API, which is not in the bundle and may not exist yet when the bundle
 * is loaded. Such a machine is accepted by its name only when the tenants file lists that name for the dependent's own tenant
 * (the names that tenant's keys may create): as locally, a dependency across tenants would let one tenant start another's
 * pipeline and learn when the other's runs succeed; and a name no tenant may create is a typo, refused at load.
 */
public final class CreatedUpstreams {
    private CreatedUpstreams() {}

    /** Why {@code dependent} may not wait for {@code upstream}, or empty when it may; {@code bundled} are the bundle's pipelines. */
    public static Optional<String> problem(String dependent, String upstream, Collection<String> bundled, Tenancy tenancy) {
        if (bundled.contains(upstream)) {
            return Optional.empty();
        }
        String expected = "upstream pipeline '" + upstream + "' is not bundled; expected one of " + bundled
                + ", or a state machine created through the Step Functions API that tenants.json lists for the tenant of '" + dependent + "'";
        Optional<String> tenant = tenancy.tenantOf(dependent);
        if (tenant.isEmpty()) {
            return Optional.of(expected + " ('" + dependent + "' belongs to no tenant in tenants.json)");
        }
        if (!tenancy.tenantOf(upstream).equals(tenant)) {
            return Optional.of(expected + " ('" + upstream + "' is not among the pipelines of tenant '" + tenant.get() + "')");
        }
        return Optional.empty();
    }
}
