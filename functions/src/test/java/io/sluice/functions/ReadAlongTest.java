package io.sluice.functions;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.harness.TaskGate;
import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.CoupledWrites;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.ReadAlong;
import io.sluice.orchestration.port.StoredExecution;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The harness and the orchestrator start from what a receive read along (CoupledWrites#readOnReceive) instead of
 * reading it again: each test hands them a read that differs from the store, so using it (or not) shows.
 */
class ReadAlongTest {
    private static final Definition ONE_TASK = DefinitionParser.parse(Json.parse("""
            {"StartAt": "D", "States": {"D": {"Type": "Task", "Resource": "sluice:function:double", "End": true}}}"""));

    private final AtomicInteger runs = new AtomicInteger();

    private Pump pump() {
        Function<JsonNode, JsonNode> doubled = in -> {
            runs.incrementAndGet();
            return Json.NODES.numberNode(in.get("n").asInt() * 2);
        };
        return new Pump(TaskFunctions.of(Map.of("double", doubled)), Set.of("double"));
    }

    private static ReceivedMessage taskOf(Pump p) {
        return p.queue.receive(p.names.tasks("double"), 1, Duration.ofSeconds(30), Duration.ZERO).getFirst();
    }

    private static WorkerHarness harness(Pump p, TaskGate gate) {
        return new WorkerHarness(TaskFunctions.of(Map.of("double", in -> Json.NODES.numberNode(-1))), p.claims, p.timers, p.queue,
                p.names, p.clock, "worker-1", Duration.ofSeconds(30), Boundary.Probe.NONE,
                io.sluice.functions.tenancy.Tenancy.SINGLE.owners()).withGate(gate);
    }

    @Test
    void aClaimReadAlongAsCompletedIsReplayedWithoutRunningTheTask() {
        Pump p = pump();
        p.orchestrator.start("p", "replay", ONE_TASK, Json.parse("{\"n\": 5}"));
        ReceivedMessage task = taskOf(p);
        String token = TaskMessage.decode(task.body()).token();
        CoupledWrites.Acknowledgement ack = new CoupledWrites.Acknowledgement(p.names.tasks("double"), task.receipt());
        String owner = CoupledWrites.deliveryOwner("worker-1", task.receipt());

        WorkerHarness.Disposition d = p.harness.handle(task.body(), p.names.tasks("double"), ack,
                new ReadAlong.Claim(owner, new ClaimResult.Completed("{\"output\": 77}")));

        assertThat(d).isEqualTo(WorkerHarness.Disposition.ACKNOWLEDGE);
        assertThat(runs).as("the read said it ran already").hasValue(0);
        assertThat(p.claims.read(IdempotencyStore.taskKey(token))).as("and no claim was made beside it").isEmpty();
        ReceivedMessage result = p.queue.receive(p.names.orchestrator(), 1, Duration.ofSeconds(30), Duration.ZERO).getFirst();
        assertThat(((OrchestratorMessage.TaskResult) MessageCodec.decode(result.body())).output().asInt()).isEqualTo(77);
    }

    @Test
    void aClaimReadAlongForAnotherDeliveryIsNotTakenAsThisOnes() {
        Pump p = pump();
        p.orchestrator.start("p", "other", ONE_TASK, Json.parse("{\"n\": 5}"));
        ReceivedMessage task = taskOf(p);
        CoupledWrites.Acknowledgement ack = new CoupledWrites.Acknowledgement(p.names.tasks("double"), task.receipt());

        p.harness.handle(task.body(), p.names.tasks("double"), ack,
                new ReadAlong.Claim("worker-1/someone-else:1", new ClaimResult.Completed("{\"output\": 77}")));

        assertThat(runs).as("claimed and ran itself").hasValue(1);
    }

    @Test
    void aTaskHeldBackAfterItsReceiveClaimedItReleasesTheClaim() {
        Pump p = pump();
        p.orchestrator.start("p", "held", ONE_TASK, Json.parse("{\"n\": 5}"));
        ReceivedMessage task = taskOf(p);
        String token = TaskMessage.decode(task.body()).token();
        String owner = CoupledWrites.deliveryOwner("worker-1", task.receipt());
        Instant now = p.clock.instant();
        assertThat(p.claims.claim(IdempotencyStore.taskKey(token), owner, now, Duration.ofSeconds(30))).isEqualTo(new ClaimResult.Claimed(false));
        TaskGate holdAll = (t, at) -> Optional.of(new TaskGate.Hold(at.plusSeconds(60), "paused by a rule"));

        harness(p, holdAll).handle(task.body(), p.names.tasks("double"),
                new CoupledWrites.Acknowledgement(p.names.tasks("double"), task.receipt()), new ReadAlong.Claim(owner, new ClaimResult.Claimed(false)));

        assertThat(p.claims.read(IdempotencyStore.taskKey(token))).as("released: the held copy claims it when it comes back").isEmpty();
    }

    @Test
    void anExecutionReadAlongIsTheFirstLoadAndAStaleOneIsReadAgain() {
        Pump p = pump();
        String id = p.orchestrator.start("p", "stale", ONE_TASK, Json.parse("{\"n\": 5}")).execution().executionId();
        StoredExecution atStart = p.store.load(id).orElseThrow();
        ReceivedMessage task = taskOf(p);
        p.harness.handle(task.body());
        ReceivedMessage result = p.queue.receive(p.names.orchestrator(), 1, Duration.ofSeconds(30), Duration.ZERO).getFirst();
        OrchestratorMessage message = MessageCodec.decode(result.body());

        // A read of another execution is not this message's, and an empty read says there is none.
        assertThat(p.orchestrator.handle(message, null, new ReadAlong.Execution(id, Optional.empty())).dropped())
                .isEqualTo("no execution " + id);
        // A read that is one commit behind (the start's outbox was cleared since) fails the commit's check and is read again.
        p.store.commit(new io.sluice.orchestration.port.Commit(atStart.summary(), atStart.state(), java.util.List.of(), java.util.List.of(),
                atStart.version(), p.clock.instant()));
        var outcome = p.orchestrator.handle(message, null, new ReadAlong.Execution(id, Optional.of(atStart)));

        assertThat(outcome.status().name()).isEqualTo("SUCCEEDED");
        assertThat(Json.parse(p.store.load(id).orElseThrow().state()).get("output").asInt()).isEqualTo(10);
        assertThat(p.orchestrator.handle(message, null, new ReadAlong.Execution("p:another", Optional.empty())).dropped())
                .as("a read of another execution is ignored: this one is loaded, and the late result dropped").isNotNull()
                .isNotEqualTo("no execution " + id);
    }
}
