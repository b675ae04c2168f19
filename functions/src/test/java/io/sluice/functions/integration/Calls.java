package io.sluice.functions.integration;

import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.harness.TaskContext;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.json.Json;

/** Test shorthand: an IntegrationCall for a Resource and Parameters, as the integrations function builds it. */
public final class Calls {
    private Calls() {}

    public static IntegrationCall call(String resource, String parameters, String token, String tenant) {
        TaskResource r = TaskResource.parse(resource);
        String execution = token == null ? null : "orders:run-1";
        Owner owner = tenant == null ? new Owner.Platform("orders", execution) : new Owner.Tenant(tenant, "orders", execution);
        TaskContext task = new TaskContext(token, execution, "S", r.pattern(), null, resource, null, owner);
        return new IntegrationCall(r.serviceAction().orElseThrow(), r.pattern(), Json.parse(parameters), task);
    }

    public static IntegrationCall call(String resource, String parameters) {
        return call(resource, parameters, "orders:run-1.0.1.0", null);
    }
}
