package io.sluice.functions.integration;

import io.sluice.functions.harness.TaskContext;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.json.Json;
import java.util.Optional;

/** Test shorthand: an IntegrationCall for a Resource and Parameters, as the integrations function builds it. */
public final class Calls {
    private Calls() {}

    public static IntegrationCall call(String resource, String parameters, String token, String tenant) {
        TaskResource r = TaskResource.parse(resource);
        TaskContext task = new TaskContext(token, token == null ? null : "orders:run-1", "S", r.pattern(), null, resource, null);
        return new IntegrationCall(r.serviceAction().orElseThrow(), r.pattern(), Json.parse(parameters), task, Optional.ofNullable(tenant));
    }

    public static IntegrationCall call(String resource, String parameters) {
        return call(resource, parameters, "orders:run-1.0.1.0", null);
    }
}
