package io.sluice.functions.trigger.schedule;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** An {@link ExecutionStarter} that records starts, idempotent by (pipeline, name) as the orchestrator is. */
final class RecordingStarter implements ExecutionStarter {
    /** Every start call, in order: "pipeline:name". */
    final List<String> calls = Collections.synchronizedList(new ArrayList<>());
    /** Executions that exist, with whether they still run. */
    final Map<String, Boolean> running = new ConcurrentHashMap<>();
    final Map<String, JsonNode> inputs = new ConcurrentHashMap<>();
    final Set<String> unknownPipelines = ConcurrentHashMap.newKeySet();
    final AtomicInteger failuresToThrow = new AtomicInteger();

    @Override
    public Outcome start(String pipeline, String executionName, JsonNode input) {
        if (failuresToThrow.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
            throw new IllegalStateException("queue unavailable (test)");
        }
        calls.add(pipeline + ":" + executionName);
        if (unknownPipelines.contains(pipeline)) {
            return Outcome.REJECTED;
        }
        String id = pipeline + ":" + executionName;
        if (running.putIfAbsent(id, true) != null) {
            return Outcome.EXISTED;
        }
        if (input != null) {
            inputs.put(id, input);
        }
        return Outcome.STARTED;
    }

    @Override
    public boolean anyRunning(String pipeline, String namePrefix) {
        return running.entrySet().stream().anyMatch(e -> e.getValue() && e.getKey().startsWith(pipeline + ":")
                && ScheduleKey.namedWith(namePrefix, e.getKey().substring(pipeline.length() + 1)));
    }

    void finishAll() {
        running.replaceAll((k, v) -> false);
    }

    /** Executions started (not counting starts that found the name taken). */
    List<String> started() {
        return running.keySet().stream().sorted().toList();
    }
}
