package io.sluice.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.testkit.time.ManualClock;
import io.sluice.testkit.fake.InMemoryDefinitionStore;
import io.sluice.testkit.fake.InMemoryExecutionStore;
import io.sluice.testkit.fake.InMemoryIdempotencyStore;
import io.sluice.testkit.fake.InMemoryTaskQueue;
import io.sluice.testkit.fake.InMemoryTimerIndex;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The one composition: what a host gets from {@link RuntimeBuilder} runs an execution end to end, wrapped as its settings say. */
class RuntimeBuilderTest {
    static final QueueNames NAMES = QueueNames.DEFAULT;
    static final String DEFINITION = """
            {"StartAt": "Echo", "States": {"Echo": {"Type": "Task", "Resource": "sluice:function:echo", "End": true}}}""";

    final ManualClock clock = new ManualClock(Instant.parse("2026-12-04T00:00:00Z"));
    final InMemoryTaskQueue queue = new InMemoryTaskQueue(clock, 5);
    final RuntimePorts ports = new RuntimePorts(new InMemoryExecutionStore(), new InMemoryIdempotencyStore(), queue, new InMemoryTimerIndex(),
            new InMemoryDefinitionStore());
    final List<String> ran = new ArrayList<>();
    final TaskFunctions echo = TaskFunctions.of(Map.<String, Function<JsonNode, JsonNode>>of("echo", in -> {
        ran.add(in.toString());
        return in;
    }));

    RuntimeBuilder builder() {
        return RuntimeBuilder.on(ports, NAMES, clock).worker(Tenancy.SINGLE.owners(), "test-worker", Duration.ofSeconds(30));
    }

    @Test
    void whatItBuildsRunsAnExecutionToItsEnd() {
        SluiceRuntime runtime = builder().build();
        String id = runtime.orchestrator().start("p", "run-1", DefinitionParser.parse(Json.parse(DEFINITION)), Json.parse("{\"n\": 1}"))
                .execution().executionId();
        pump(runtime, runtime.worker(echo));
        assertThat(ran).containsExactly("{\"n\":1}");
        assertThat(ports.executions().load(id)).get().satisfies(s -> assertThat(s.summary().status()).isEqualTo("SUCCEEDED"));
    }

    @Test
    void eventsAreOnlyEmittedWhenAsked() {
        SluiceRuntime quiet = builder().build();
        quiet.orchestrator().start("p", "quiet", DefinitionParser.parse(Json.parse(DEFINITION)), Json.object());
        pump(quiet, quiet.worker(echo));
        assertThat(receive(NAMES.events())).as("no events without events(true)").allSatisfy(m ->
                assertThat(m.body()).doesNotContain("execution-event"));

        SluiceRuntime loud = quiet.toBuilder().events(true).build();
        loud.orchestrator().start("p", "loud", DefinitionParser.parse(Json.parse(DEFINITION)), Json.object());
        pump(loud, loud.worker(echo));
        assertThat(receive(NAMES.events())).anySatisfy(m -> assertThat(m.body()).contains("execution-event"));
    }

    @Test
    void aRuntimeWithoutAWorkerSaysSoWhenAskedForOne() {
        SluiceRuntime runtime = RuntimeBuilder.on(ports, NAMES, clock).build();
        assertThatThrownBy(() -> runtime.worker(echo)).isInstanceOf(IllegalStateException.class).hasMessageContaining("worker(owners, id, lease)");
    }

    @Test
    void aGateHoldsTasksOfTheRebuiltRuntimeOnly() {
        SluiceRuntime open = builder().build();
        SluiceRuntime gated = open.toBuilder().gate((task, now) -> Optional.of(new io.sluice.functions.harness.TaskGate.Hold(
                now.plus(Duration.ofMinutes(1)), "held by test"))).build();
        gated.orchestrator().start("p", "held", DefinitionParser.parse(Json.parse(DEFINITION)), Json.object());
        pump(gated, gated.worker(echo));
        assertThat(ran).as("the gate held the task").isEmpty();
        open.orchestrator().start("p", "open", DefinitionParser.parse(Json.parse(DEFINITION)), Json.object());
        pump(open, open.worker(echo));
        assertThat(ran).as("the original runtime kept no gate").hasSize(1);
    }

    @Test
    void aSeededRandomSourceMakesTheSameTaskTokensOnEveryRun() {
        assertThat(firstTaskMessage(io.sluice.orchestration.path.RandomSource.seeded(5)))
                .as("the same seed, the same token (its secret part drawn from the runtime's source)")
                .isEqualTo(firstTaskMessage(io.sluice.orchestration.path.RandomSource.seeded(5)))
                .isNotEqualTo(firstTaskMessage(io.sluice.orchestration.path.RandomSource.seeded(6)));
    }

    /** The task message a fresh runtime drawing from {@code random} sends for a run's first state. */
    private String firstTaskMessage(io.sluice.orchestration.path.RandomSource random) {
        InMemoryTaskQueue own = new InMemoryTaskQueue(clock, 5);
        RuntimePorts fresh = new RuntimePorts(new InMemoryExecutionStore(), new InMemoryIdempotencyStore(), own, new InMemoryTimerIndex(),
                new InMemoryDefinitionStore());
        SluiceRuntime runtime = RuntimeBuilder.on(fresh, NAMES, clock).random(random).build();
        runtime.orchestrator().start("p", "seeded", DefinitionParser.parse(Json.parse(DEFINITION)), Json.object());
        for (ReceivedMessage m : own.receive(NAMES.orchestrator(), 10, Duration.ofMinutes(1), Duration.ZERO)) {
            runtime.orchestrator().handle(MessageCodec.decode(m.body()));
        }
        List<String> sent = new ArrayList<>();
        for (String channel : NAMES.channels("echo")) {
            own.receive(channel, 10, Duration.ofMinutes(1), Duration.ZERO).forEach(m -> sent.add(m.body()));
        }
        assertThat(sent).hasSize(1);
        return sent.getFirst();
    }

    /** Delivers what is on the orchestrator's queue and the task channels until both are empty (no time passes). */
    private void pump(SluiceRuntime runtime, WorkerHarness harness) {
        boolean moved = true;
        while (moved) {
            moved = false;
            for (ReceivedMessage m : receive(NAMES.orchestrator())) {
                runtime.orchestrator().handle(MessageCodec.decode(m.body()));
                moved = true;
            }
            for (String channel : NAMES.channels("echo")) {
                for (ReceivedMessage m : receive(channel)) {
                    harness.handle(m.body(), channel);
                    moved = true;
                }
            }
        }
    }

    private List<ReceivedMessage> receive(String name) {
        List<ReceivedMessage> got = queue.receive(name, 10, Duration.ofMinutes(1), Duration.ZERO);
        got.forEach(m -> queue.acknowledge(name, m.receipt()));
        return got;
    }
}
