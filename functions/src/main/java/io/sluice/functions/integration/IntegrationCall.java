package io.sluice.functions.integration;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskContext;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.definition.TaskResource.ServiceAction;
import java.util.Optional;

/**
 * One service action to run: what the Task's Resource names, its Parameters (Arguments), and the task, which carries
 * whose run it is ({@link TaskContext#owner()}, the host's word, never the payload's): handlers keep one tenant's
 * tables, topics, objects and secrets away from another's, and a run of no owner reaches none of them.
 */
public record IntegrationCall(ServiceAction action, IntegrationPattern pattern, JsonNode parameters, TaskContext task) {

    /** The tenant of the run, or empty for the platform's own; {@code Sluice.NoOwner} for a run of no owner. */
    public Optional<String> tenant() {
        return task.owner().requireData("call " + action.key()).tenant();
    }

    /** The namespace of the tenant's tables and topics: its id, or {@code ""} for the platform's own pipelines. */
    public String namespace() {
        return tenant().orElse("");
    }

    /** A text parameter, or {@code null} when absent. */
    public String text(String field) {
        JsonNode v = parameters == null ? null : parameters.get(field);
        return v == null || v.isNull() ? null : v.isValueNode() ? v.asText() : v.toString();
    }
}
