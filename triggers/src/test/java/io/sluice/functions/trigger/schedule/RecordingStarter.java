package io.sluice.functions.trigger.schedule;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** An {@link ExecutionStarter} (and {@link ScheduledRuns}) that records starts, idempotent by (pipeline, name) as the orchestrator is. */
final class RecordingStarter implements ExecutionStarter, ScheduledRuns {
    /** Every start call, in order: "pipeline:name". */
    final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    /** Executions that exist, with whether they still run. */
    final Map<String, Boolean> running = new ConcurrentHashMap<>();
    final Map<String, JsonNode> inputs = new ConcurrentHashMap<>();
    final Set<String> unknownPipelines = ConcurrentHashMap.newKeySet();
    final AtomicInteger failuresToThrow = new AtomicInteger();

    @Override
    public StartResult start(String pipeline, String executionName, JsonNode input) {
        if (failuresToThrow.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throw new IllegalStateException("queue unavailable (test)");
        }
        calls.add(pipeline + ":" + executionName);
        if (unknownPipelines.contains(pipeline)) {
            return new StartResult.Refused(pipeline, "no pipeline '" + pipeline + "' (test)");
        }
        String id = pipeline + ":" + executionName;
        if (running.putIfAbsent(id, true) != null) {
            return new StartResult.AlreadyRunning(summary(pipeline, executionName));
        }
        if (input != null) {
            inputs.put(id, input);
        }
        return new StartResult.Started(summary(pipeline, executionName));
    }

    @Override
    public boolean anyRunning(String pipeline, String namePrefix) {
        return running.entrySet().stream().anyMatch(e -> e.getValue() && e.getKey().startsWith(pipeline + ":")
                && ScheduleKey.namedWith(namePrefix, e.getKey().substring(pipeline.length() + 1)));
    }

    private static ExecutionSummary summary(String pipeline, String name) {
        return new ExecutionSummary(pipeline + ":" + name, pipeline, name, "RUNNING", "test", null, null);
    }

    void finishAll() {
        running.replaceAll((k, v) -> false);
    }

    /** Executions started (not counting starts that found the name taken). */
    List<String> started() {
        return running.keySet().stream().sorted().toList();
    }
}
