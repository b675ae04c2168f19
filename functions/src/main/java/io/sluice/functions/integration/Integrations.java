package io.sluice.functions.integration;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskAware;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.definition.TaskResource.ServiceAction;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.integration.IntegrationCatalog;
import io.sluice.orchestration.integration.LambdaCall;
import io.sluice.orchestration.json.Json;

/**
 * The {@value TaskResource#INTEGRATIONS_FUNCTION} task function: every service integration other than
 * Lambda is dispatched to it, and on a host that routes them here ({@link io.sluice.functions.messaging.LambdaRouting})
 * the calls of Lambda functions outside the bundle, which its {@link LambdaCaller} makes; as any task is, so it has the worker harness's exactly-once effect,
 * retries and dead-letter queue. It reads the service, action and pattern from the task's Resource,
 * asks the {@link IntegrationRegistry} for the handler and runs it. A resource this platform cannot run
 * fails with {@value IntegrationCatalog#UNAVAILABLE}, its cause naming the state, the resource and the
 * platform; the handlers' own failures keep AWS's names.
 */
public final class Integrations implements TaskAware {
    public static final String NAME = TaskResource.INTEGRATIONS_FUNCTION;

    private final IntegrationRegistry registry;
    private final LambdaCaller lambdas;

    public Integrations(IntegrationRegistry registry) {
        this(registry, null);
    }

    /**
     * @param lambdas what calls a Lambda function outside the bundle (a {@code lambda:invoke} or Lambda ARN the host's
     *                {@link io.sluice.functions.messaging.LambdaRouting} sent here); {@code null}: this host calls none
     */
    public Integrations(IntegrationRegistry registry, LambdaCaller lambdas) {
        this.registry = registry;
        this.lambdas = lambdas;
    }

    /** The registry it dispatches through: what runs on this host. */
    public IntegrationRegistry registry() {
        return registry;
    }

    @Override
    public JsonNode apply(JsonNode input, TaskContext task) {
        if (task.resource() == null || task.resource().isEmpty()) {
            throw new TaskError(ErrorNames.RUNTIME, NAME + " runs service integrations and needs the task's Resource:"
                    + " run it through the worker harness, not on its own.", false);
        }
        TaskResource resource = TaskResource.read(task.resource()).orElseThrow(() -> new TaskError(ErrorNames.RUNTIME,
                "Resource '" + task.resource() + "' is no Resource form Step Functions accepts.", false));
        if (LambdaCall.callsLambda(resource.raw())) {
            return lambda(input, task);
        }
        ServiceAction action = resource.serviceAction().filter(a -> resource.kind() == TaskResource.Kind.SERVICE_INTEGRATION)
                .orElseThrow(() -> new TaskError(ErrorNames.RUNTIME, NAME + " runs service integrations; '" + task.resource()
                        + "' is none.", false));
        String state = task.stateName() == null ? "(outside any execution)" : task.stateName();
        if (resource.function() != null) {
            throw new TaskError(IntegrationCatalog.UNAVAILABLE, "Task state '" + state + "' calls '" + resource.raw() + "', which runs"
                    + " as a child execution in the " + resource.function() + " function, not in " + NAME + ".", false);
        }
        if (IntegrationCatalog.support(resource, registry.platform()) instanceof IntegrationCatalog.Support.Unavailable) {
            throw unavailable(state, resource);
        }
        IntegrationHandler handler = registry.find(action).orElseThrow(() -> unavailable(state, resource));
        task.owner().requireData("call " + resource.raw()); // every integration reaches data or the network
        JsonNode result = handler.call(new IntegrationCall(action, resource.pattern(), input == null ? Json.object() : input, task));
        return result == null ? Json.object() : result;
    }

    /**
     * A Lambda function outside the bundle, called with the host's role: the platform's runs only, as the generic SDK
     * integration (a tenant's run would reach every tenant's functions alike).
     */
    private JsonNode lambda(JsonNode input, TaskContext task) {
        String state = task.stateName() == null ? "(outside any execution)" : task.stateName();
        if (lambdas == null) {
            throw new TaskError(IntegrationCatalog.UNAVAILABLE, "Task state '" + state + "' calls Lambda function "
                    + input.path("FunctionName").asText("?") + ", which is no function of this host, and this host calls no Lambda"
                    + " function outside its bundle (the AWS host does; elsewhere, map it: sluice.lambdas-file).", false);
        }
        if (task.owner().requireData("call a Lambda function").tenant().isPresent()) {
            throw new TaskError(IntegrationCatalog.UNAVAILABLE, "Task state '" + state + "' calls Lambda function "
                    + input.path("FunctionName").asText("?") + " outside the bundle, which a tenant's run cannot: the host's role"
                    + " reaches every tenant's functions alike.", false);
        }
        LambdaCall call;
        try {
            call = LambdaCall.read(input, task.resource());
        } catch (IllegalArgumentException e) {
            throw new TaskError(ErrorNames.RUNTIME, "Task state '" + state + "': " + e.getMessage() + ".", false);
        }
        return lambdas.call(call, task);
    }

    private TaskError unavailable(String state, TaskResource resource) {
        String cause = IntegrationCatalog.support(resource, registry.platform()) instanceof IntegrationCatalog.Support.Unavailable
                ? IntegrationCatalog.unavailableCause(state, resource, registry.platform())
                : "Task state '" + state + "' calls '" + resource.raw() + "', which this host of platform " + registry.platform().id()
                        + " has no handler for (its generic integration is not wired).";
        return new TaskError(IntegrationCatalog.UNAVAILABLE, cause, false);
    }
}
