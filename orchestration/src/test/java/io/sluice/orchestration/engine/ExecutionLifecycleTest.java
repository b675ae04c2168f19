package io.sluice.orchestration.engine;

import static io.sluice.orchestration.engine.Machines.T0;
import static io.sluice.orchestration.engine.Machines.json;
import static io.sluice.orchestration.engine.Machines.parse;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.engine.ExecutionLifecycle.Kind;
import io.sluice.orchestration.path.RandomSource;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The execution and task lifecycles as (state, event) → state tables, checked against the interpreter:
 * every event of every kind applied to an execution in every status lands where the table says, and
 * every outcome the table names is reached.
 */
class ExecutionLifecycleTest {
    private static final RandomSource RANDOM = RandomSource.seeded(11);
    private final Interpreter interpreter = new Interpreter(parse("""
            {"StartAt": "T", "TimeoutSeconds": 300, "States": {
              "T": {"Type": "Task", "Resource": "sluice:function:work", "TimeoutSeconds": 60, "HeartbeatSeconds": 20,
                    "Retry": [{"ErrorEquals": ["Flaky"], "MaxAttempts": 1, "IntervalSeconds": 5}], "End": true}}}"""), true);

    /** An execution in each status, made fresh for every use (the interpreter takes an execution over). */
    private Transition inStatus(ExecutionStatus status) {
        Transition start = interpreter.start("p:e", "e", json("{}"), T0, RandomSource.seeded(5));
        String token = task(start).token().encode();
        return switch (status) {
            case RUNNING -> start;
            case SUCCEEDED -> interpreter.apply(start.execution(), new Event.TaskSucceeded(token, json("1")), T0, RANDOM);
            case FAILED -> interpreter.apply(start.execution(), new Event.TaskFailed(token, "Boom", "no"), T0, RANDOM);
            case TIMED_OUT -> interpreter.apply(start.execution(), new Event.TimerFired(executionTimer(start)), T0.plusSeconds(300), RANDOM);
            case ABORTED -> interpreter.apply(start.execution(), new Event.Stop(null, null), T0, RANDOM);
        };
    }

    private static Command.DispatchTask task(Transition t) {
        return t.commands().stream().filter(c -> c instanceof Command.DispatchTask).map(c -> (Command.DispatchTask) c).findFirst().orElseThrow();
    }

    private static String executionTimer(Transition start) {
        return start.commands().stream().filter(c -> c instanceof Command.StartTimer s && s.dueAt().equals(T0.plusSeconds(300)))
                .map(c -> ((Command.StartTimer) c).timerId()).findFirst().orElseThrow();
    }

    /** Every event an execution can be sent, as a function of the execution it is sent to. */
    private Map<String, Function<Transition, Event>> events(Transition running) {
        Map<String, Function<Transition, Event>> events = new LinkedHashMap<>();
        String token = task(running).token().encode();
        events.put("result", t -> new Event.TaskSucceeded(token, json("1")));
        events.put("retryable failure", t -> new Event.TaskFailed(token, "Flaky", "again"));
        events.put("failure", t -> new Event.TaskFailed(token, "Boom", "no"));
        events.put("heartbeat", t -> new Event.TaskHeartbeat(token));
        events.put("forged token", t -> new Event.TaskSucceeded(token.substring(0, token.lastIndexOf('.')) + ".0123456789abcdef0123456789abcdef", json("1")));
        events.put("execution timeout", t -> new Event.TimerFired(executionTimer(running)));
        events.put("unknown timer", t -> new Event.TimerFired("p:e.t999"));
        events.put("fail", t -> new Event.Fail("Sluice.PoisonMessage", "x"));
        events.put("stop", t -> new Event.Stop(null, null));
        events.put("redrive", t -> new Event.Redrive());
        return events;
    }

    @Test
    void everyEventInEveryStatusLandsWhereTheTableSaysAndEveryOutcomeOfTheTableIsReached() {
        assertThat(Interpreter.class.desiredAssertionStatus()).as("the interpreter's own check of the table runs in tests").isTrue();
        Map<ExecutionStatus, Map<Kind, Set<ExecutionStatus>>> seen = new EnumMap<>(ExecutionStatus.class);
        List<String> outside = new ArrayList<>();
        for (ExecutionStatus from : ExecutionStatus.values()) {
            for (Map.Entry<String, Function<Transition, Event>> e : events(inStatus(ExecutionStatus.RUNNING)).entrySet()) {
                // The same start (seeded), so tokens and timer ids of the fresh copy are the ones the events name.
                Transition before = inStatus(from);
                assertThat(before.execution().status()).isEqualTo(from);
                Event event = e.getValue().apply(before);
                ExecutionStatus to = interpreter.apply(before.execution(), event, T0.plusSeconds(400), RANDOM).execution().status();
                Kind kind = ExecutionLifecycle.kind(event);
                if (!ExecutionLifecycle.next(from, kind).contains(to)) {
                    outside.add(from + " --" + e.getKey() + "--> " + to);
                }
                seen.computeIfAbsent(from, k -> new EnumMap<>(Kind.class)).computeIfAbsent(kind, k -> EnumSet.noneOf(ExecutionStatus.class)).add(to);
            }
        }
        assertThat(outside).isEmpty();
        for (ExecutionStatus from : ExecutionStatus.values()) {
            for (Kind kind : Kind.values()) {
                Set<ExecutionStatus> expected = EnumSet.copyOf(ExecutionLifecycle.next(from, kind));
                if (kind == Kind.REDRIVE && from != ExecutionStatus.RUNNING && from != ExecutionStatus.SUCCEEDED) {
                    expected.remove(from); // staying put needs an execution with nothing to resume from
                }
                assertThat(seen.get(from).get(kind)).as(from + " on " + kind).containsAll(expected);
            }
        }
    }

    /**
     * A task's lifecycle, read from the history of its state: SCHEDULED → SUCCEEDED | FAILED | TIMED_OUT;
     * a failure or timeout → RETRY_SCHEDULED (→ SCHEDULED again) or the end of the task.
     */
    @Test
    void aTasksHistoryFollowsTheTaskLifecycleTable() {
        Map<HistoryEvent.Type, Set<HistoryEvent.Type>> table = Map.of(
                HistoryEvent.Type.TASK_SCHEDULED, EnumSet.of(HistoryEvent.Type.TASK_SUCCEEDED, HistoryEvent.Type.TASK_FAILED,
                        HistoryEvent.Type.TASK_TIMED_OUT),
                HistoryEvent.Type.TASK_FAILED, EnumSet.of(HistoryEvent.Type.TASK_RETRY_SCHEDULED),
                HistoryEvent.Type.TASK_TIMED_OUT, EnumSet.of(HistoryEvent.Type.TASK_RETRY_SCHEDULED),
                HistoryEvent.Type.TASK_RETRY_SCHEDULED, EnumSet.of(HistoryEvent.Type.TASK_SCHEDULED),
                HistoryEvent.Type.TASK_SUCCEEDED, EnumSet.noneOf(HistoryEvent.Type.class));
        Transition t = interpreter.start("p:e", "e", json("{}"), T0, RANDOM);
        List<HistoryEvent> history = new ArrayList<>(t.history());
        t = interpreter.apply(t.execution(), new Event.TaskFailed(task(t).token().encode(), "Flaky", "1"), T0, RANDOM);
        history.addAll(t.history());
        String retryTimer = t.commands().stream().filter(c -> c instanceof Command.StartTimer s && s.dueAt().equals(T0.plusSeconds(5)))
                .map(c -> ((Command.StartTimer) c).timerId()).findFirst().orElseThrow();
        t = interpreter.apply(t.execution(), new Event.TimerFired(retryTimer), T0.plusSeconds(5), RANDOM);
        history.addAll(t.history());
        t = interpreter.apply(t.execution(), new Event.TaskSucceeded(task(t).token().encode(), json("2")), T0.plusSeconds(6), RANDOM);
        history.addAll(t.history());
        assertThat(t.execution().status()).isEqualTo(ExecutionStatus.SUCCEEDED);

        List<HistoryEvent.Type> taskEvents = history.stream().map(HistoryEvent::type).filter(table::containsKey).toList();
        assertThat(taskEvents).containsExactly(HistoryEvent.Type.TASK_SCHEDULED, HistoryEvent.Type.TASK_FAILED,
                HistoryEvent.Type.TASK_RETRY_SCHEDULED, HistoryEvent.Type.TASK_SCHEDULED, HistoryEvent.Type.TASK_SUCCEEDED);
        for (int i = 1; i < taskEvents.size(); i++) {
            assertThat(table.get(taskEvents.get(i - 1))).as(taskEvents.get(i - 1) + " then " + taskEvents.get(i)).contains(taskEvents.get(i));
        }
    }

    /** The interpreter takes the execution over: the transition holds the very object it was given, changed. */
    @Test
    void theInterpreterChangesTheExecutionItIsGivenAndReturnsIt() {
        Transition start = interpreter.start("p:e", "e", json("{}"), T0, RANDOM);
        Execution given = start.execution();
        String before = io.sluice.orchestration.json.Json.write(ExecutionCodec.encode(given));
        Transition next = interpreter.apply(given, new Event.TaskSucceeded(task(start).token().encode(), json("1")), T0, RANDOM);
        assertThat(next.execution()).isSameAs(given);
        assertThat(given.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        // A host that needs the state before the event decodes a fresh copy, which the event did not touch.
        Execution copy = ExecutionCodec.decode(io.sluice.orchestration.json.Json.parse(before));
        assertThat(copy.status()).isEqualTo(ExecutionStatus.RUNNING);
        assertThat(interpreter.apply(copy, new Event.TaskFailed(task(start).token().encode(), "Boom", "x"), T0, RANDOM)
                .execution().status()).isEqualTo(ExecutionStatus.FAILED);
    }
}
