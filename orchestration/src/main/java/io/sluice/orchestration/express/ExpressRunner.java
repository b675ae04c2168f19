package io.sluice.orchestration.express;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.engine.Event;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.HistoryEvent;
import io.sluice.orchestration.engine.Interpreter;
import io.sluice.orchestration.engine.Transition;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Ticker;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Runs a whole execution in one call, as an EXPRESS pipeline does: tasks are invoked in-process,
 * and Wait states, retry backoff and timeouts advance a virtual clock instead of sleeping. Nothing
 * is persisted between states.
 */
public final class ExpressRunner {
    /** A runaway loop ends the run with States.Runtime rather than spinning forever. */
    public static final long DEFAULT_MAX_TRANSITIONS = 10_000_000L;

    private final Interpreter interpreter;
    private final TaskInvoker invoker;
    private final Consumer<HistoryEvent> trace;
    private final long maxTransitions;

    public ExpressRunner(Definition definition, TaskInvoker invoker) {
        this(definition, invoker, null, DEFAULT_MAX_TRANSITIONS);
    }

    /** @param trace receives every history line as it happens, or {@code null} to record none */
    public ExpressRunner(Definition definition, TaskInvoker invoker, Consumer<HistoryEvent> trace, long maxTransitions) {
        this(definition, invoker, trace, maxTransitions, Ticker.NONE);
    }

    /**
     * @param ticker the host's monotonic time source ({@code System::nanoTime}) for the wall-clock backstop of
     *               JSONata evaluation (see {@link Ticker}); {@link Ticker#NONE}, the other constructors' choice, turns it off
     */
    public ExpressRunner(Definition definition, TaskInvoker invoker, Consumer<HistoryEvent> trace, long maxTransitions, Ticker ticker) {
        this.interpreter = new Interpreter(definition, trace != null, ticker);
        this.invoker = invoker;
        this.trace = trace;
        this.maxTransitions = maxTransitions;
    }

    private record Timer(Instant due, long seq, String id) {}

    /** Runs an execution of the state machine named before the id's ':' (or the id itself): {@code $$.StateMachine.Name}. */
    public ExpressResult run(String executionId, String name, JsonNode input, Instant startTime, RandomSource random) {
        int colon = executionId.indexOf(':');
        return run(colon > 0 ? executionId.substring(0, colon) : executionId, executionId, name, input, startTime, random);
    }

    public ExpressResult run(String machine, String executionId, String name, JsonNode input, Instant startTime, RandomSource random) {
        ArrayDeque<Command.DispatchTask> tasks = new ArrayDeque<>();
        PriorityQueue<Timer> timers = new PriorityQueue<>((a, b) -> a.due.equals(b.due) ? Long.compare(a.seq, b.seq) : a.due.compareTo(b.due));
        Set<String> cancelled = new HashSet<>();
        long[] seq = {0};
        Instant now = startTime;
        Transition t = interpreter.start(machine, executionId, name, input, now, random);
        Execution execution = t.execution();
        while (true) {
            absorb(t, tasks, timers, cancelled, seq);
            if (execution.status().isTerminal()) {
                break;
            }
            if (execution.transitions() > maxTransitions) {
                t = interpreter.apply(execution, new Event.Stop(ErrorNames.RUNTIME,
                        "The execution entered more than " + maxTransitions + " states; is a loop missing its exit?"), now, random);
                continue;
            }
            Event next;
            if (!tasks.isEmpty()) {
                Command.DispatchTask task = tasks.poll();
                next = switch (invoker.invoke(task)) {
                    case TaskOutcome.Success ok -> new Event.TaskSucceeded(task.token().encode(), ok.output());
                    case TaskOutcome.Failure f -> new Event.TaskFailed(task.token().encode(), f.error(), f.cause());
                };
            } else {
                Timer timer = timers.poll();
                if (timer == null) {
                    throw new IllegalStateException("execution " + executionId + " waits for nothing yet has not ended");
                }
                if (cancelled.remove(timer.id)) {
                    continue;
                }
                if (timer.due.isAfter(now)) {
                    now = timer.due;
                }
                next = new Event.TimerFired(timer.id);
            }
            t = interpreter.apply(execution, next, now, random);
        }
        return new ExpressResult(execution.status(), execution.output(), execution.error(), execution.cause(),
                execution.transitions(), startTime, now);
    }

    private void absorb(Transition t, ArrayDeque<Command.DispatchTask> tasks, PriorityQueue<Timer> timers,
                        Set<String> cancelled, long[] seq) {
        if (trace != null) {
            t.history().forEach(trace);
        }
        for (Command c : t.commands()) {
            switch (c) {
                case Command.DispatchTask d -> tasks.add(d);
                case Command.StartTimer st -> timers.add(new Timer(st.dueAt(), seq[0]++, st.timerId()));
                case Command.CancelTimer ct -> cancelled.add(ct.timerId());
                case Command.ExecutionFinished ignored -> { }
            }
        }
    }
}
