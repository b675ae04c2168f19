package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.MapState;
import io.sluice.orchestration.definition.State;
import io.sluice.orchestration.definition.TaskState;
import io.sluice.orchestration.definition.WaitState;
import io.sluice.orchestration.engine.Execution.TimerRef;
import io.sluice.orchestration.engine.HistoryEvent.Type;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Ticker;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The ASL interpreter: a pure function from (definition, execution, event, time, randomness) to a
 * transition. It reads no clock, draws no randomness of its own and does no I/O; the host carries
 * out the commands after it has stored the new state.
 *
 * <p>Ownership: the interpreter is pure in what it reads (nothing but its arguments) and in what it
 * makes (the transition), but for speed it does not copy the execution: {@link #apply} takes the
 * execution over, changes it in place and returns that same object as {@link Transition#execution()}.
 * A caller must not use its reference afterwards except through the transition, and must not hand one
 * execution to two calls: a host that may need the state before the event (a commit that loses a race)
 * loads or decodes a fresh copy for each attempt, as the durable orchestrator does.
 * {@code InterpreterOwnershipTest} holds this contract. Every transition stays within
 * {@link ExecutionLifecycle}'s table.
 */
public final class Interpreter {
    private final Definition definition;
    private final boolean recordHistory;
    private final Ticker ticker;

    /** An interpreter without a time source: the wall-clock backstop of JSONata evaluation is off (see {@link Ticker}). */
    public Interpreter(Definition definition, boolean recordHistory) {
        this(definition, recordHistory, Ticker.NONE);
    }

    /**
     * @param ticker the host's monotonic time source ({@code System::nanoTime}), read only to stop a JSONata
     *               evaluation that runs past {@link Ticker#BACKSTOP_NANOS}; {@link Ticker#NONE} turns that off
     */
    public Interpreter(Definition definition, boolean recordHistory, Ticker ticker) {
        this.definition = definition;
        this.recordHistory = recordHistory;
        this.ticker = ticker == null ? Ticker.NONE : ticker;
    }

    public Definition definition() {
        return definition;
    }

    /** Starts an execution: enters the first state and runs until the execution waits or ends. */
    public Transition start(String executionId, String name, JsonNode input, Instant now, RandomSource random) {
        return start(null, executionId, name, input, now, random);
    }

    /**
     * Starts an execution of the state machine the host calls {@code machine} (a pipeline's id;
     * {@code $$.StateMachine.Name}, which the execution's input cannot change). Its start time is {@code now} to the
     * millisecond, as Step Functions keeps it (an execution's {@code startDate}, {@code $$.Execution.StartTime}).
     */
    public Transition start(String machine, String executionId, String name, JsonNode input, Instant now, RandomSource random) {
        Execution execution = new Execution(executionId, name, machine, definition.hash(), input, now.truncatedTo(ChronoUnit.MILLIS));
        Step s = new Step(definition, execution, now, random, ticker, recordHistory);
        s.record(Type.EXECUTION_STARTED, null, null, Step.detail("input", input));
        ServiceEvents.count(s, 1);
        Integer timeout = definition.root().timeoutSeconds();
        if (timeout != null) {
            s.startTimer(null, TimerRef.Kind.EXECUTION_TIMEOUT, now.plusSeconds(timeout));
        }
        Frame root = execution.newFrame(-1, 0, definition.root().key());
        s.later(root, () -> Flow.enter(s, root, definition.root().startAt(), input));
        s.drain();
        return transition(s, null);
    }

    /** Applies one event to an execution it takes over (see the class comment). */
    public Transition apply(Execution execution, Event event, Instant now, RandomSource random) {
        ExecutionStatus before = execution.status();
        Transition t = decide(execution, event, now, random);
        assert ExecutionLifecycle.allows(before, event, t.execution().status())
                : before + " --" + event.getClass().getSimpleName() + "--> " + t.execution().status() + " is not in the lifecycle table";
        return t;
    }

    private Transition decide(Execution execution, Event event, Instant now, RandomSource random) {
        Step s = new Step(definition, execution, now, random, ticker, recordHistory);
        if (event instanceof Event.Redrive) {
            return redrive(s);
        }
        if (execution.status().isTerminal()) {
            return dropped(s, "execution is already " + execution.status());
        }
        String dropped = switch (event) {
            case Event.TaskSucceeded e -> onTask(s, e.token(), (f, state) -> {
                if (state instanceof MapState m) DistributedMaps.succeeded(s, f, m, e.output());
                else Tasks.succeeded(s, f, (TaskState) state, e.output());
            });
            case Event.TaskFailed e -> onTask(s, e.token(), (f, state) -> {
                if (state instanceof MapState m) DistributedMaps.failed(s, f, m, e.error(), e.cause());
                else Tasks.failed(s, f, (TaskState) state, e.error(), e.cause());
            });
            case Event.TaskHeartbeat e -> onTask(s, e.token(), (f, state) -> Tasks.heartbeat(s, f));
            case Event.TimerFired e -> onTimer(s, e.timerId());
            case Event.Redrive r -> throw new IllegalStateException("handled above");
            case Event.Fail e -> {
                Frames.finishExecution(s, ExecutionStatus.FAILED, null, e.error(), e.cause());
                yield null;
            }
            case Event.Stop e -> {
                Frames.finishExecution(s, ExecutionStatus.ABORTED, null,
                        e.error() == null ? ErrorNames.ABORTED : e.error(), e.cause() == null ? "Stopped by request." : e.cause());
                yield null;
            }
        };
        if (dropped != null) {
            return dropped(s, dropped);
        }
        s.drain();
        return transition(s, null);
    }

    private Transition redrive(Step s) {
        Execution ex = s.execution;
        if (ex.status() == ExecutionStatus.RUNNING || ex.status() == ExecutionStatus.SUCCEEDED) {
            return dropped(s, "only a FAILED, TIMED_OUT or ABORTED execution can be redriven; this one is " + ex.status());
        }
        Frame root = ex.frame(0);
        if (root == null || root.state() == null) {
            return dropped(s, "the execution has no state to resume from");
        }
        ex.reopen();
        s.record(Type.EXECUTION_REDRIVEN, root, root.state(), Step.detail("redriveCount", Json.NODES.numberNode(ex.redriveCount())));
        ServiceEvents.count(s, 1);
        Integer timeout = definition.root().timeoutSeconds();
        if (timeout != null) {
            s.startTimer(null, TimerRef.Kind.EXECUTION_TIMEOUT, s.now.plusSeconds(timeout));
        }
        root.resetForRedrive();
        s.execution.countTransition();
        s.later(root, () -> Flow.run(s, root));
        s.drain();
        return transition(s, null);
    }

    /** What to do with a result for the task a frame waits for: a Task state's, or a distributed Map's map run. */
    private interface TaskAction {
        void run(Frame frame, State state);
    }

    private static String onTask(Step s, String tokenText, TaskAction action) {
        TaskToken token;
        try {
            token = TaskToken.decode(tokenText);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        if (!token.executionId().equals(s.execution.id())) {
            return "task token " + token.describe() + " belongs to execution " + token.executionId();
        }
        Frame f = s.execution.frame(token.frame());
        if (f == null || f.waiting() != Frame.Waiting.TASK || !token.equals(f.token())) {
            return "late, duplicate or unknown result for task " + token.describe() + "; the execution does not wait for that token";
        }
        action.run(f, s.stateOf(f));
        return null;
    }

    private static String onTimer(Step s, String timerId) {
        TimerRef ref = s.execution.timers().remove(timerId);
        if (ref == null) {
            return "timer " + timerId + " was cancelled or has fired already";
        }
        if (ref.kind() == TimerRef.Kind.EXECUTION_TIMEOUT) {
            Frames.finishExecution(s, ExecutionStatus.TIMED_OUT, null, ErrorNames.TIMEOUT,
                    "The execution did not finish within its TimeoutSeconds.");
            return null;
        }
        Frame f = s.execution.frame(ref.frame());
        if (f == null || f.step() != ref.step()) {
            return "timer " + timerId + " belongs to a state the execution has left";
        }
        State state = s.stateOf(f);
        switch (ref.kind()) {
            case WAIT -> Waits.fired(s, f, (WaitState) state);
            case RETRY -> {
                f.waiting = Frame.Waiting.NOTHING;
                Flow.run(s, f);
            }
            case TASK_TIMEOUT -> Tasks.timedOut(s, f, (TaskState) state, false);
            case HEARTBEAT -> Tasks.timedOut(s, f, (TaskState) state, true);
            case EXECUTION_TIMEOUT -> throw new IllegalStateException("handled above");
        }
        return null;
    }

    private static Transition dropped(Step s, String reason) {
        s.record(Type.RESULT_DROPPED, null, null, Step.detail("reason", Json.NODES.textNode(reason)));
        return new Transition(s.execution, List.copyOf(s.commands), s.history == null ? List.of() : List.copyOf(s.history), reason);
    }

    private static Transition transition(Step s, String dropped) {
        return new Transition(s.execution, List.copyOf(s.commands), s.history == null ? List.of() : List.copyOf(s.history), dropped);
    }
}
