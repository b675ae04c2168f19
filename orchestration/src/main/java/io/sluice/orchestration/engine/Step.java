package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.State;
import io.sluice.orchestration.definition.StateMachine;
import io.sluice.orchestration.engine.Execution.TimerRef;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Ticker;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The working context of one event: the definition, the execution being changed, the time and
 * randomness given, the commands and history produced, and the queue of frames to move on.
 * States are run from the queue rather than by recursion, so a Map of thousands of items that
 * complete at once does not deepen the stack.
 */
final class Step {
    final Definition definition;
    final Execution execution;
    final Instant now;
    final RandomSource random;
    /** The host's time source for the JSONata backstop, or {@link Ticker#NONE}. */
    final Ticker ticker;
    final List<Command> commands = new ArrayList<>();
    final List<HistoryEvent> history;
    private final ArrayDeque<Runnable> work = new ArrayDeque<>();

    Step(Definition definition, Execution execution, Instant now, RandomSource random, Ticker ticker, boolean recordHistory) {
        this.definition = definition;
        this.execution = execution;
        this.now = now;
        this.random = random;
        this.ticker = ticker;
        this.history = recordHistory ? new ArrayList<>() : null;
    }

    /** Runs {@code action} once the current one is done, if {@code frame} is still live then. */
    void later(Frame frame, Runnable action) {
        work.add(() -> {
            if (execution.frame(frame.id()) == frame) {
                action.run();
            }
        });
    }

    void drain() {
        Runnable next;
        while ((next = work.poll()) != null) {
            if (execution.status().isTerminal()) {
                work.clear();
                return;
            }
            next.run();
        }
    }

    StateMachine machineOf(Frame frame) {
        return definition.machine(frame.machineKey());
    }

    State stateOf(Frame frame) {
        return machineOf(frame).state(frame.state());
    }

    boolean recording() {
        return history != null;
    }

    void record(HistoryEvent.Type type, Frame frame, String state, JsonNode detail) {
        record(type, frame == null ? 0 : frame.id(), state, detail);
    }

    void record(HistoryEvent.Type type, int frameId, String state, JsonNode detail) {
        if (history != null) {
            history.add(new HistoryEvent(now, type, frameId, state, detail));
        }
    }

    static ObjectNode detail(String field, JsonNode value) {
        ObjectNode o = Json.object();
        o.set(field, value);
        return o;
    }

    static ObjectNode errorDetail(String error, String cause) {
        ObjectNode o = Json.object();
        o.put("error", error);
        o.put("cause", cause);
        return o;
    }

    String startTimer(Frame frame, TimerRef.Kind kind, Instant due) {
        String id = execution.newTimerId();
        execution.timers().put(id, new TimerRef(frame == null ? -1 : frame.id(), kind, frame == null ? 0 : frame.step()));
        commands.add(new Command.StartTimer(id, due, kind == TimerRef.Kind.HEARTBEAT));
        return id;
    }

    /** Moves a live timer to {@code due}, keeping its id: no second timer, so nothing stale fires later. */
    void moveTimer(String timerId, Instant due) {
        TimerRef ref = execution.timers().get(timerId);
        if (ref != null) {
            commands.add(new Command.StartTimer(timerId, due, ref.kind() == TimerRef.Kind.HEARTBEAT));
        }
    }

    void cancelTimer(String timerId) {
        if (timerId != null && execution.timers().remove(timerId) != null) {
            commands.add(new Command.CancelTimer(timerId));
        }
    }

    /** Cancels every timer a frame holds for its current state. */
    void cancelFrameTimers(Frame frame) {
        cancelTimer(frame.timeoutTimer);
        cancelTimer(frame.heartbeatTimer);
        execution.timers().entrySet().removeIf(e -> {
            TimerRef ref = e.getValue();
            boolean mine = ref.frame() == frame.id() && ref.kind() != TimerRef.Kind.EXECUTION_TIMEOUT;
            if (mine) {
                commands.add(new Command.CancelTimer(e.getKey()));
            }
            return mine;
        });
    }
}
