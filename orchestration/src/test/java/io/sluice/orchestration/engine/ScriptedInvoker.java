package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.engine.Command.DispatchTask;
import io.sluice.orchestration.express.TaskInvoker;
import io.sluice.orchestration.express.TaskOutcome;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A task invoker for tests: per function, a script of outcomes; records every call. */
final class ScriptedInvoker implements TaskInvoker {
    final List<DispatchTask> calls = new ArrayList<>();
    private final Map<String, Function<DispatchTask, TaskOutcome>> functions = new HashMap<>();
    private final Map<String, Integer> counts = new HashMap<>();

    ScriptedInvoker on(String function, Function<DispatchTask, TaskOutcome> behaviour) {
        functions.put(function, behaviour);
        return this;
    }

    /** Fails {@code failures} times with {@code error}, then returns the payload. */
    ScriptedInvoker flaky(String function, int failures, String error) {
        return on(function, t -> counts.merge(function, 1, Integer::sum) <= failures
                ? TaskOutcome.failure(error, "attempt failed")
                : TaskOutcome.success(t.payload()));
    }

    ScriptedInvoker echo(String function) {
        return on(function, t -> TaskOutcome.success(t.payload()));
    }

    ScriptedInvoker returns(String function, JsonNode value) {
        return on(function, t -> TaskOutcome.success(value));
    }

    @Override
    public TaskOutcome invoke(DispatchTask task) {
        calls.add(task);
        var behaviour = functions.get(task.function());
        if (behaviour == null) {
            throw new AssertionError("unexpected call of " + task.function());
        }
        return behaviour.apply(task);
    }

    long callsOf(String function) {
        return calls.stream().filter(c -> c.function().equals(function)).count();
    }
}
