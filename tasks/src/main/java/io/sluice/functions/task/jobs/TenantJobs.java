package io.sluice.functions.task.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.task.config.PipelineConfigs;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.trigger.Partitions;
import io.sluice.orchestration.port.ConfigStore;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;

/**
 * Which jobs a tenant's run may launch, and with what. A job is the platform's code with the platform's access to
 * every tenant's objects, and its arguments name keys and prefixes: so a tenant's run launches only a job its own
 * pipeline's config names, with exactly the arguments the config gives it ({@code {"job": ..., "arguments": {...}}}
 * anywhere in the config, as the patterns' configs hold them), and its context fields are only {@code partition} (a
 * partition, checked by the grammar), {@code step} and {@code attempt}. The platform's own runs launch what they name.
 */
final class TenantJobs {
    private static final Set<String> CONTEXT = Set.of("pipeline", "partition", "step", "attempt");

    private final ConfigStore configs;

    TenantJobs(ConfigStore configs) {
        this.configs = configs;
    }

    /** Refuses, with {@code Glue.InvalidInput} naming why, a launch {@code owner} may not make. */
    void check(Owner owner, String pipeline, String job, JsonNode arguments, JsonNode input) {
        if (!(owner instanceof Owner.Tenant tenant)) {
            return;
        }
        input.properties().forEach(e -> {
            if (e.getValue().isTextual() && !CONTEXT.contains(e.getKey()) && !e.getKey().equals("JobName")
                    && !e.getKey().equals(io.sluice.functions.harness.TaskContext.TOKEN_FIELD)) {
                throw refused("a run of tenant '" + tenant.name() + "' passes a job no context field '" + e.getKey()
                        + "'; the context is pipeline, partition, step and attempt");
            }
        });
        JsonNode partition = input.get("partition");
        if (partition != null && partition.isTextual()) {
            Partitions.problem(partition.asText()).ifPresent(p -> {
                throw refused("'partition' " + p);
            });
        }
        JsonNode config = PipelineConfigs.read(configs, pipeline).orElse(null);
        if (config == null || !names(config, job, arguments.isMissingNode() || arguments.isNull() ? null : arguments)) {
            throw refused("a run of tenant '" + tenant.name() + "' launches only the jobs its pipeline's config names, with the"
                    + " arguments it gives them; the config of '" + pipeline + "' has no job '" + job + "' with these Arguments");
        }
    }

    /** Whether some object of {@code config} is {@code {"job": job, "arguments": arguments}} (no arguments: none or empty). */
    private static boolean names(JsonNode config, String job, JsonNode arguments) {
        Deque<JsonNode> todo = new ArrayDeque<>();
        todo.push(config);
        while (!todo.isEmpty()) {
            JsonNode node = todo.pop();
            if (node.isObject() && job.equals(node.path("job").asText(null))) {
                JsonNode configured = node.path("arguments");
                boolean none = configured.isMissingNode() || configured.isNull() || configured.isEmpty();
                if (arguments == null ? none : arguments.equals(configured) || arguments.isEmpty() && none) {
                    return true;
                }
            }
            if (node.isContainerNode()) {
                node.forEach(todo::push);
            }
        }
        return false;
    }

    private static TaskError refused(String cause) {
        return new TaskError(GlueLaunch.INVALID_INPUT, "glue-launch: " + cause + ".", false);
    }
}
