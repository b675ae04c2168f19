package io.sluice.functions;

import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.messaging.TaskMessage;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.testkit.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The orchestrator and the worker harness together, on in-memory ports, message by message. */
class DurableExecutionTest {
    static final Definition DEFINITION = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Prepare", "States": {
              "Prepare": {"Type": "Task", "Resource": "sluice:function:double", "Parameters": {"n.$": "$.n"}, "ResultPath": "$.doubled", "Next": "Fan"},
              "Fan": {"Type": "Map", "ItemsPath": "$.items", "MaxConcurrency": 2, "ResultPath": "$.mapped", "Next": "Both",
                "ItemProcessor": {"StartAt": "Work", "States": {"Work": {"Type": "Task", "Resource": "sluice:function:flaky",
                   "Retry": [{"ErrorEquals": ["Busy"], "IntervalSeconds": 1, "MaxAttempts": 3, "BackoffRate": 1}], "End": true}}}},
              "Both": {"Type": "Parallel", "ResultPath": "$.both", "Next": "Pause", "Branches": [
                {"StartAt": "Boom", "States": {
                   "Boom": {"Type": "Task", "Resource": "sluice:function:boom",
                            "Catch": [{"ErrorEquals": ["States.ALL"], "ResultPath": "$.caught", "Next": "Recovered"}], "End": true},
                   "Recovered": {"Type": "Pass", "OutputPath": "$.caught.Error", "End": true}}},
                {"StartAt": "Echo", "States": {"Echo": {"Type": "Pass", "Result": "echo", "End": true}}}]},
              "Pause": {"Type": "Wait", "Seconds": 1, "Next": "Approve"},
              "Approve": {"Type": "Task", "Resource": "sluice:function:approve.waitForTaskToken",
                          "Parameters": {"token.$": "$$.Task.Token"}, "ResultPath": "$.approval", "End": true}}}"""));

    final Map<String, AtomicInteger> effects = new ConcurrentHashMap<>();
    final Set<Integer> failedOnce = ConcurrentHashMap.newKeySet();
    final List<String> approvals = new CopyOnWriteArrayList<>();

    private Function<JsonNode, JsonNode> counted(String name, Function<JsonNode, JsonNode> body) {
        return in -> {
            effects.computeIfAbsent(name + ":" + in, k -> new AtomicInteger()).incrementAndGet();
            return body.apply(in);
        };
    }

    Pump pump() {
        return new Pump(TaskFunctions.of(Map.of(
                "double", counted("double", in -> Json.NODES.numberNode(in.get("n").asInt() * 2)),
                "flaky", counted("flaky", in -> {
                    if (failedOnce.add(in.asInt())) {
                        throw new TaskError("Busy", "try again", true);
                    }
                    return Json.NODES.numberNode(in.asInt() + 100);
                }),
                "boom", counted("boom", in -> {
                    throw new IllegalStateException("the disk is full");
                }),
                "poison", in -> {
                    throw new AssertionError("this input crashes the worker every time");
                },
                "approve", counted("approve", in -> {
                    approvals.add(in.get("token").asText());
                    return null;
                }))), Set.of("double", "flaky", "boom", "approve", "poison"));
    }

    private static ExecutionSummary summary(Pump p, String id) {
        return p.store.load(id).orElseThrow().summary();
    }

    @Test
    void aDefinitionWithTaskRetryCatchMapParallelWaitAndCallbackRunsToItsOutput() {
        Pump p = pump();
        StartResult.Existing started = p.orchestrator.start("orders", "run-1", DEFINITION, Json.parse("{\"n\": 21, \"items\": [1, 2, 3]}"));
        assertThat(started).isInstanceOf(StartResult.Started.class);
        String id = started.execution().executionId();

        await().atMost(Duration.ofSeconds(20)).until(() -> p.once() >= 0 && !approvals.isEmpty());
        p.queue.send(p.names.orchestrator(), OutgoingMessage.of(MessageCodec.encode(
                new OrchestratorMessage.TaskResult(approvals.getFirst(), Json.parse("{\"by\": \"ann\"}"), null, null))), Duration.ZERO);
        await().atMost(Duration.ofSeconds(20)).until(() -> p.once() >= 0 && summary(p, id).status().equals("SUCCEEDED"));

        JsonNode state = Json.parse(p.store.load(id).orElseThrow().state());
        assertThat(state.get("output")).isEqualTo(Json.parse("""
                {"n": 21, "items": [1, 2, 3], "doubled": 42, "mapped": [101, 102, 103],
                 "both": ["java.lang.IllegalStateException", "echo"], "approval": {"by": "ann"}}"""));
        assertThat(effects.entrySet()).allSatisfy(e -> assertThat(e.getValue().get())
                .as(e.getKey()).isEqualTo(e.getKey().startsWith("flaky") ? 2 : 1));
        assertThat(p.store.history(id, 0, 1000)).anySatisfy(h -> assertThat(h).contains("TASK_RETRY_SCHEDULED"));
        assertThat(p.store.load(id).orElseThrow().outbox()).isEmpty();
    }

    @Test
    void startingARunningNameReturnsItAndAFinishedNameIsRefused() {
        Pump p = pump();
        Definition pass = DefinitionParser.parse(Json.parse("{\"StartAt\": \"W\", \"States\": {\"W\": {\"Type\": \"Wait\", \"Seconds\": 1, \"End\": true}}}"));
        StartResult.Existing first = p.orchestrator.start("p", "daily-2026-11-29", pass, Json.parse("{}"));
        StartResult.Existing again = p.orchestrator.start("p", "daily-2026-11-29", pass, Json.parse("{\"other\": 1}"));
        assertThat(again).isInstanceOf(StartResult.AlreadyRunning.class);
        assertThat(again.execution().executionId()).isEqualTo(first.execution().executionId());
        await().atMost(Duration.ofSeconds(10)).until(() -> p.once() >= 0 && summary(p, first.execution().executionId()).status().equals("SUCCEEDED"));
        StartResult.Existing late = p.orchestrator.start("p", "daily-2026-11-29", pass, Json.parse("{}"));
        assertThat(late).isInstanceOfSatisfying(StartResult.NameTaken.class,
                t -> assertThat(t.message()).contains("daily-2026-11-29").contains("SUCCEEDED"));
    }

    @Test
    void aRedeliveredTaskReplaysItsStoredResultAndALateResultIsRecordedAndDropped() {
        Pump p = pump();
        Definition one = DefinitionParser.parse(Json.parse("""
                {"StartAt": "D", "States": {"D": {"Type": "Task", "Resource": "sluice:function:double", "End": true}}}"""));
        String id = p.orchestrator.start("p", "dup", one, Json.parse("{\"n\": 5}")).execution().executionId();
        List<ReceivedMessage> task = p.queue.receive(p.names.tasks("double"), 1, Duration.ofSeconds(30), Duration.ZERO);
        // The same message handled twice (a visibility timeout expired mid-work): the effect happens once,
        // and the replayed result carries the first one's id, so the queue drops it.
        p.harness.handle(task.getFirst().body());
        p.harness.handle(task.getFirst().body());
        p.queue.acknowledge(p.names.tasks("double"), task.getFirst().receipt());
        List<ReceivedMessage> results = p.queue.receive(p.names.orchestrator(), 10, Duration.ofSeconds(30), Duration.ZERO);
        assertThat(results).hasSize(1);
        OrchestratorMessage result = MessageCodec.decode(results.getFirst().body());
        p.orchestrator.handle(result);
        p.queue.acknowledge(p.names.orchestrator(), results.getFirst().receipt());
        await().atMost(Duration.ofSeconds(10)).until(() -> p.once() >= 0 && summary(p, id).status().equals("SUCCEEDED"));
        assertThat(effects.get("double:{\"n\":5}").get()).isEqualTo(1);
        assertThat(Json.parse(p.store.load(id).orElseThrow().state()).get("output").asInt()).isEqualTo(10);
        // A result that arrives late all the same (after the deduplication window, or by another way) is recorded and dropped.
        assertThat(p.orchestrator.handle(result).dropped()).isNotNull();
        assertThat(p.store.history(id, 0, 100)).anySatisfy(h -> assertThat(h).contains("RESULT_DROPPED"));
    }

    @Test
    void aCancelledTaskTimeoutArrivesButCostsNoCommitAndNoHistoryLine() {
        Pump p = pump();
        Definition timed = DefinitionParser.parse(Json.parse("""
                {"StartAt": "D", "States": {"D": {"Type": "Task", "Resource": "sluice:function:double", "TimeoutSeconds": 1, "End": true}}}"""));
        String id = p.orchestrator.start("p", "timed", timed, Json.parse("{\"n\": 2}")).execution().executionId();
        await().atMost(Duration.ofSeconds(30)).until(() -> p.once() >= 0 && summary(p, id).status().equals("SUCCEEDED"));
        long version = p.store.load(id).orElseThrow().version();
        int lines = p.store.history(id, 0, 1000).size();
        // The timeout's delayed message still comes (a queue delay cannot be taken back); the orchestrator drops it unread.
        List<ReceivedMessage> fired = new java.util.ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> fired.addAll(
                p.queue.receive(p.names.orchestrator(), 10, Duration.ofSeconds(30), Duration.ZERO)));
        Orchestrator.Outcome outcome = p.orchestrator.handle(MessageCodec.decode(fired.getFirst().body()));
        assertThat(outcome.dropped()).contains("cancelled");
        assertThat(p.store.load(id).orElseThrow().version()).as("no commit").isEqualTo(version);
        assertThat(p.store.history(id, 0, 1000)).hasSize(lines).noneSatisfy(h -> assertThat(h).contains("RESULT_DROPPED"));
    }

    @Test
    void heartbeatsRenewTheTaskWithoutACommitEach() {
        ManualClock clock = new ManualClock(Instant.parse("2026-03-01T00:00:00Z"));
        AtomicReference<Runnable> work = new AtomicReference<>();
        Pump p = new Pump(TaskFunctions.of(Map.of("slow", in -> {
            work.get().run();
            return in;
        })), Set.of("slow"), clock);
        Definition beating = DefinitionParser.parse(Json.parse("""
                {"StartAt": "S", "States": {"S": {"Type": "Task", "Resource": "sluice:function:slow", "HeartbeatSeconds": 1,
                  "TimeoutSeconds": 30, "End": true}}}"""));
        String id = p.orchestrator.start("p", "beating", beating, Json.parse("{\"k\": 1}")).execution().executionId();
        long startedAt = p.store.load(id).orElseThrow().version();
        List<ReceivedMessage> task = p.queue.receive(p.names.tasks("slow"), 1, Duration.ofSeconds(30), Duration.ZERO);
        String heartbeat = TaskMessage.decode(task.getFirst().body()).heartbeatTimerId();
        List<Integer> fired = new CopyOnWriteArrayList<>();
        // Work that outlasts its HeartbeatSeconds more than three times over, in logical time: each 0.9 s step waits
        // for a beat at the step's time (the timer moved to a second after it), and a tick then finds nothing due.
        work.set(() -> {
            for (int step = 0; step < 4; step++) {
                Instant beatAt = clock.instant();
                await().atMost(Duration.ofSeconds(10))
                        .until(() -> p.timers.due(heartbeat).filter(beatAt.plusSeconds(1)::equals).isPresent());
                clock.advance(Duration.ofMillis(900));
                fired.add(p.tick.sweep().timersFired());
            }
        });
        assertThat(p.harness.handle(task.getFirst().body())).isEqualTo(WorkerHarness.Disposition.ACKNOWLEDGE);
        p.queue.acknowledge(p.names.tasks("slow"), task.getFirst().receipt());
        assertThat(fired).as("the heartbeat timer was moved by the worker, never fired").containsExactly(0, 0, 0, 0);
        assertThat(clock.instant()).as("3.6 s of work on a 1 s heartbeat").isEqualTo(Instant.parse("2026-03-01T00:00:03.600Z"));
        assertThat(p.store.load(id).orElseThrow().version()).as("no commit while it ran").isEqualTo(startedAt);
        await().atMost(Duration.ofSeconds(10)).until(() -> p.once() >= 0 && summary(p, id).status().equals("SUCCEEDED"));
        assertThat(p.store.history(id, 0, 1000)).noneSatisfy(h -> assertThat(h).contains("RESULT_DROPPED"))
                .noneSatisfy(h -> assertThat(h).contains("TASK_TIMED_OUT"));
        assertThat(p.timers.takeDue(clock.instant().plusSeconds(3600), 10, Duration.ofSeconds(1)))
                .as("the heartbeat timer was cancelled with the task").isEmpty();
    }

    @Test
    void aTaskMessageOfAnUnknownVersionIsDeadLetteredWithANamedErrorAndNotRun() {
        Pump p = pump();
        String queue = p.names.tasks("double");
        String future = "{\"v\": 2, \"token\": \"x\", \"function\": \"double\", \"payload\": {\"n\": 1}}";
        assertThat(p.harness.handle(future, queue)).isEqualTo(WorkerHarness.Disposition.DEAD_LETTER);
        assertThat(p.harness.handle(future, queue)).as("received again (the worker died before acknowledging it)")
                .isEqualTo(WorkerHarness.Disposition.DEAD_LETTER);
        assertThat(p.harness.handle("{\"type\": \"dispatch\", \"function\": \"double\"}", queue))
                .as("the engine's command JSON of old has no version").isEqualTo(WorkerHarness.Disposition.DEAD_LETTER);
        List<ReceivedMessage> dead = p.queue.receive(p.queue.deadLetterQueue(queue), 10, Duration.ofSeconds(30), Duration.ZERO);
        assertThat(dead).as("each message once, however often it was received").hasSize(2)
                .allSatisfy(m -> assertThat(m.attributes()).containsEntry("error", TaskMessage.UNKNOWN_VERSION));
        assertThat(dead.getFirst().body()).isEqualTo(future);
        assertThat(effects).isEmpty();
    }

    @Test
    void aPoisonMessageIsDeadLetteredAndFailsItsExecutionWithANamedErrorWhileOthersFinish() {
        Pump p = pump();
        Definition poison = DefinitionParser.parse(Json.parse("""
                {"StartAt": "P", "States": {"P": {"Type": "Task", "Resource": "sluice:function:poison",
                   "Catch": [{"ErrorEquals": ["States.ALL"], "Next": "Hidden"}], "End": true},
                   "Hidden": {"Type": "Succeed"}}}"""));
        Definition healthy = DefinitionParser.parse(Json.parse("""
                {"StartAt": "D", "States": {"D": {"Type": "Task", "Resource": "sluice:function:double", "End": true}}}"""));
        String bad = p.orchestrator.start("p", "poisoned", poison, Json.parse("{}")).execution().executionId();
        String good = p.orchestrator.start("p", "healthy", healthy, Json.parse("{\"n\": 4}")).execution().executionId();
        await().atMost(Duration.ofSeconds(30)).until(() -> p.once() >= 0
                && summary(p, bad).status().equals("FAILED") && summary(p, good).status().equals("SUCCEEDED"));
        JsonNode state = Json.parse(p.store.load(bad).orElseThrow().state());
        assertThat(state.get("error").asText()).isEqualTo("Sluice.PoisonMessage");
        assertThat(state.get("cause").asText()).contains("failed 5 times").contains("sluice-task-poison");
    }

    @Test
    void aDroppedResultDoesNotResendAnOutboxThatAnotherCommitLeftBehind() {
        Pump p = pump();
        Definition one = DefinitionParser.parse(Json.parse("""
                {"StartAt": "D", "States": {"D": {"Type": "Task", "Resource": "sluice:function:double", "End": true}}}"""));
        String id = p.orchestrator.start("p", "no-echo", one, Json.parse("{\"n\": 1}")).execution().executionId();
        assertThat(p.queue.receive(p.names.tasks("double"), 1, Duration.ofSeconds(30), Duration.ZERO)).hasSize(1);
        // A commit whose outbox was not sent yet (its writer is still sending, or crashed before it).
        var stored = p.store.load(id).orElseThrow();
        p.store.commit(new io.sluice.orchestration.port.Commit(stored.summary(), stored.state(), List.of(),
                List.of(stored.outbox().isEmpty() ? "{\"type\":\"cancelTimer\",\"timerId\":\"x\"}" : stored.outbox().getFirst()),
                stored.version(), java.time.Instant.now()));
        Orchestrator.Outcome dropped = p.orchestrator.handle(new OrchestratorMessage.TaskResult(
                id + ".0.1.7", Json.parse("1"), null, null));
        assertThat(dropped.dropped()).contains("late, duplicate or unknown");
        assertThat(p.queue.receive(p.names.tasks("double"), 10, Duration.ofSeconds(30), Duration.ZERO)).isEmpty();
        assertThat(p.queue.receive(p.names.orchestrator(), 10, Duration.ofSeconds(30), Duration.ZERO)).isEmpty();
        assertThat(p.store.load(id).orElseThrow().outbox()).as("left for its writer or the sweeper").hasSize(1);
    }

    @Test
    void stopAbortsAndRedriveResumesFromTheFailedState() {
        Pump p = pump();
        Definition twoSteps = DefinitionParser.parse(Json.parse("""
                {"StartAt": "A", "States": {
                  "A": {"Type": "Task", "Resource": "sluice:function:double", "ResultPath": "$.a", "Next": "B"},
                  "B": {"Type": "Task", "Resource": "sluice:function:boom", "End": true}}}"""));
        String id = p.orchestrator.start("p", "redrive-me", twoSteps, Json.parse("{\"n\": 1}")).execution().executionId();
        await().atMost(Duration.ofSeconds(10)).until(() -> p.once() >= 0 && summary(p, id).status().equals("FAILED"));
        assertThat(effects.get("double:{\"n\":1}").get()).isEqualTo(1);
        p.queue.send(p.names.orchestrator(), OutgoingMessage.of(MessageCodec.encode(new OrchestratorMessage.Redrive(id))), Duration.ZERO);
        await().atMost(Duration.ofSeconds(10)).until(() -> p.once() >= 0
                && effects.get("boom:{\"n\":1,\"a\":2}").get() == 2 && summary(p, id).status().equals("FAILED"));
        assertThat(effects.get("double:{\"n\":1}").get()).as("the step before the failure does not run again").isEqualTo(1);
        assertThat(p.store.history(id, 0, 100)).anySatisfy(h -> assertThat(h).contains("EXECUTION_REDRIVEN"));

        Pump q = pump();
        Definition waits = DefinitionParser.parse(Json.parse("{\"StartAt\": \"W\", \"States\": {\"W\": {\"Type\": \"Wait\", \"Seconds\": 3600, \"End\": true}}}"));
        String w = q.orchestrator.start("p", "stop-me", waits, Json.parse("{}")).execution().executionId();
        Orchestrator.Outcome stopped = q.orchestrator.handle(new OrchestratorMessage.Stop(w, null, "operator asked"));
        assertThat(stopped.status().name()).isEqualTo("ABORTED");
        assertThat(summary(q, w).stopTime()).isNotNull();
    }
}
