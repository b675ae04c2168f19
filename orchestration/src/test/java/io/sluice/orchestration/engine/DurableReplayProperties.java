package io.sluice.orchestration.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * A durable host stores the execution and its outbox between every event and reloads them for the
 * next: the run must end exactly as an in-memory run does, whatever the order results arrive in.
 */
class DurableReplayProperties {
    private static final Definition MACHINE = Machines.parse("""
            {"StartAt": "Fan", "States": {
              "Fan": {"Type": "Map", "ItemsPath": "$.items", "MaxConcurrency": 2, "ResultPath": "$.out",
                "ItemProcessor": {"StartAt": "Work", "States": {
                  "Work": {"Type": "Task", "Resource": "sluice:function:work", "TimeoutSeconds": 100,
                           "Retry": [{"ErrorEquals": ["Flaky"], "IntervalSeconds": 2, "MaxAttempts": 3}], "Next": "Both"},
                  "Both": {"Type": "Parallel", "End": true, "Branches": [
                     {"StartAt": "Nap", "States": {"Nap": {"Type": "Wait", "Seconds": 5, "End": true}}},
                     {"StartAt": "Echo", "States": {"Echo": {"Type": "Pass", "End": true}}}]}}}, "Next": "Done"},
              "Done": {"Type": "Succeed"}}}""");

    private record Timer(Instant due, long seq, String id) {}

    /** Runs with every dispatched task answered in an order picked by {@code order}; stores and reloads between events. */
    private static String run(List<Integer> items, long order, boolean reloadEveryEvent) {
        Interpreter interpreter = new Interpreter(MACHINE, true);
        RandomSource random = RandomSource.seeded(5);
        RandomSource picker = RandomSource.seeded(order);
        Instant now = Machines.T0;
        Transition t = interpreter.start("e", "n", Json.parse("{\"items\": " + items + "}"), now, random);
        Execution execution = t.execution();
        List<Command.DispatchTask> pending = new ArrayList<>();
        PriorityQueue<Timer> timers = new PriorityQueue<>((a, b) -> a.due.equals(b.due) ? Long.compare(a.seq, b.seq) : a.due.compareTo(b.due));
        Set<String> cancelled = new HashSet<>();
        List<String> history = new ArrayList<>();
        long seq = 0;
        while (true) {
            for (Command c : t.commands()) {
                Command copy = CommandCodec.decode(Json.parse(Json.write(CommandCodec.encode(c))));
                assertThat(copy).isEqualTo(c);
                switch (copy) {
                    case Command.DispatchTask d -> pending.add(d);
                    case Command.StartTimer s -> timers.add(new Timer(s.dueAt(), seq++, s.timerId()));
                    case Command.CancelTimer x -> cancelled.add(x.timerId());
                    case Command.ExecutionFinished f -> { }
                }
            }
            t.history().forEach(h -> history.add(Json.write(CommandCodec.encode(h))));
            if (reloadEveryEvent) {
                execution = ExecutionCodec.decode(Json.parse(Json.write(ExecutionCodec.encode(execution))));
            }
            if (execution.status().isTerminal()) {
                return Json.write(ExecutionCodec.encode(execution)) + "\n" + String.join("\n", history);
            }
            Event next;
            if (!pending.isEmpty()) {
                Command.DispatchTask d = pending.remove((int) (Math.abs(picker.nextLong()) % pending.size()));
                int v = d.payload().asInt();
                next = v % 3 == 0 && d.attempt() < 2 ? new Event.TaskFailed(d.token().encode(), "Flaky", "try " + d.attempt())
                        : new Event.TaskSucceeded(d.token().encode(), Json.parse(String.valueOf(v * 10)));
            } else {
                Timer timer = timers.poll();
                if (cancelled.contains(timer.id)) {
                    continue;
                }
                now = timer.due.isAfter(now) ? timer.due : now;
                next = new Event.TimerFired(timer.id);
            }
            t = interpreter.apply(execution, next, now, random);
            execution = t.execution();
        }
    }

    @Property(tries = 100, seed = "20261202")
    void storingAndReloadingBetweenEventsChangesNothing(@ForAll @Size(max = 8) List<@IntRange(min = 0, max = 50) Integer> items,
                                                        @ForAll long order) {
        String inMemory = run(items, order, false);
        String durable = run(items, order, true);
        assertThat(durable).isEqualTo(inMemory);
        assertThat(inMemory).contains("\"status\":\"SUCCEEDED\"");
    }
}
