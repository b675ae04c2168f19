package io.sluice.azure.host;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.redis.RedisAdapters;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The task functions of the bundle: every {@code Function<JsonNode, JsonNode>} bean, by bean name (the name
 * its Task resources use, {@code sluice:function:<name>}), each consumed from {@code <prefix>-task-<name>}.
 */
public record TaskFunctionCatalog(Map<String, Function<JsonNode, JsonNode>> byName) {
    public TaskFunctionCatalog {
        byName = Map.copyOf(new TreeMap<>(byName));
    }

    public Set<String> names() {
        return new java.util.TreeSet<>(byName.keySet());
    }

    /** @param owners whose run each task is: the harness fixes every task's owner by them */
    WorkerHarness harness(RedisAdapters redis, TaskQueue queue, QueueNames names, Clock clock, Duration lease,
                          io.sluice.functions.tenancy.Owners owners) {
        return new WorkerHarness(TaskFunctions.of(byName), redis.idempotencyStore(), redis.timerIndex(), queue, names, clock,
                "azure-" + ProcessHandle.current().pid(), lease, Boundary.Probe.NONE, owners);
    }
}
