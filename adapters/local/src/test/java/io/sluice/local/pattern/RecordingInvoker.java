package io.sluice.local.pattern;

import io.sluice.orchestration.engine.Command.DispatchTask;
import io.sluice.orchestration.express.TaskInvoker;
import io.sluice.orchestration.express.TaskOutcome;
import java.util.ArrayList;
import java.util.List;

/** Keeps every task the runner dispatched, then answers it from the wrapped invoker (the mocks). */
final class RecordingInvoker implements TaskInvoker {
    private final TaskInvoker inner;
    private final List<DispatchTask> dispatched = new ArrayList<>();

    RecordingInvoker(TaskInvoker inner) {
        this.inner = inner;
    }

    @Override
    public TaskOutcome invoke(DispatchTask task) {
        dispatched.add(task);
        return inner.invoke(task);
    }

    List<DispatchTask> of(String state) {
        return dispatched.stream().filter(t -> t.stateName().equals(state)).toList();
    }

    DispatchTask only(String state) {
        List<DispatchTask> tasks = of(state);
        if (tasks.size() != 1) {
            throw new AssertionError("expected one dispatch of '" + state + "', got " + tasks.size());
        }
        return tasks.get(0);
    }

    List<String> states() {
        return dispatched.stream().map(DispatchTask::stateName).distinct().toList();
    }
}
