package io.sluice.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.harness.TaskGate;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.observe.SluiceMeters;
import io.sluice.functions.retention.Retention;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.functions.trigger.upstream.Dependent;
import io.sluice.functions.trigger.upstream.PartitionMapping;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.DependencyIndex.Upstream;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.runtime.Completions;
import io.sluice.runtime.QueuePump;
import io.sluice.runtime.RuntimeBuilder;
import io.sluice.runtime.RuntimePorts;
import io.sluice.runtime.SluiceRuntime;
import io.sluice.testkit.fake.InMemoryDefinitionStore;
import io.sluice.testkit.fake.InMemoryDependencyIndex;
import io.sluice.testkit.fake.InMemoryExecutionStore;
import io.sluice.testkit.fake.InMemoryIdempotencyStore;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.testkit.fake.InMemoryTaskQueue;
import io.sluice.testkit.fake.InMemoryTimerIndex;
import io.sluice.testkit.fake.InMemoryUpstreamLedger;
import io.sluice.testkit.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * What waits, through the one composition as {@link RuntimeMetricsTest} runs it: tasks a rule holds back and lets through,
 * upstream successes recorded for dependents (waiting for others, or met) and dependency checks released, and finished
 * executions past their retention that the tick's archive sweep leaves behind. In-memory ports on a manual clock.
 */
class WaitMetricsTest {
    static final QueueNames NAMES = QueueNames.DEFAULT;
    static final String OK = RuntimeMetricsTest.OK;

    final ManualClock clock = new ManualClock(Instant.parse("2026-12-05T00:00:00Z"));
    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final InMemoryTaskQueue queue = new InMemoryTaskQueue(clock, 5);
    final RuntimePorts ports = new RuntimePorts(new InMemoryExecutionStore(), new InMemoryIdempotencyStore(), queue, new InMemoryTimerIndex(),
            new InMemoryDefinitionStore());
    final Tenancy tenancy = pipeline -> pipeline.equals("report") ? Optional.of("acme") : Optional.empty();
    final TaskFunctions functions = TaskFunctions.of(Map.<String, Function<JsonNode, JsonNode>>of("echo", in -> in));

    @Test
    void aTaskARuleHoldsIsCountedOnceAndTimedUntilItIsLetThrough() {
        AtomicBoolean frozen = new AtomicBoolean(true);
        TaskGate gate = (task, now) -> frozen.get() ? Optional.of(new TaskGate.Hold(now.plusSeconds(10), "frozen")) : Optional.empty();
        SluiceRuntime runtime = builder().gate(gate).build();
        Instant held = clock.instant();
        runtime.orchestrator().start("ok", "run-1", DefinitionParser.parse(Json.parse(OK)), Json.object());

        pump(runtime); // held; its copy comes back in 10 s, after the pump has stopped
        clock.advance(Duration.ofSeconds(2));
        pump(runtime); // asked again, held again: the same hold, not a new one
        assertThat(count(SluiceMeters.TASKS_BLOCKED, "pipeline", "ok", "function", "echo", "channel", "P2")).isEqualTo(1);
        assertThat(registry.get(SluiceMeters.TASK_BLOCKED_DURATION).timer().count()).as("not released yet").isZero();

        frozen.set(false);
        clock.advance(Duration.ofSeconds(10));
        Instant released = clock.instant();
        pump(runtime);

        assertThat(count(SluiceMeters.TASKS_BLOCKED, "pipeline", "ok")).isEqualTo(1);
        io.micrometer.core.instrument.Timer waited = registry.get(SluiceMeters.TASK_BLOCKED_DURATION).tags("pipeline", "ok", "function", "echo").timer();
        assertThat(waited.count()).isEqualTo(1);
        assertThat(waited.totalTime(TimeUnit.SECONDS)).as("first held to let through, on the manual clock")
                .isGreaterThanOrEqualTo(Duration.between(held, released).toSeconds());
        assertThat(count(SluiceMeters.EXECUTIONS_ENDED, "pipeline", "ok", "outcome", "succeeded")).isEqualTo(1);
    }

    @Test
    void upstreamSuccessesAreCountedAsWaitingThenMetAndReleasedChecksCounted() {
        List<String> started = new ArrayList<>();
        SluiceRuntime runtime = builder().build();
        InMemoryDependencyIndex index = new InMemoryDependencyIndex();
        index.await(new io.sluice.orchestration.engine.TaskToken("waiter:run-1", 0, 1, 0, "").encode(), Set.of(new Upstream("orders", "2026-12-04")), clock.instant().plus(Duration.ofDays(1)));
        CompletionListener completions = Completions.of(ports.executions(), clock).observedBy(runtime.observer())
                .upstream(up -> up.equals("orders") || up.equals("fx") ? List.of(new Dependent("report", List.of(
                        new Dependent.Dependency("orders", PartitionMapping.IDENTITY), new Dependent.Dependency("fx", PartitionMapping.IDENTITY))))
                        : List.of(), new InMemoryUpstreamLedger(), (pipeline, name, input) -> {
                            started.add(pipeline + ":" + name);
                            return runtime.orchestrator().start(pipeline, name, DefinitionParser.parse(Json.parse(OK)), input);
                        })
                .dependencies(index, ports, NAMES).build();

        run(runtime, "orders", completions);
        assertThat(count(SluiceMeters.UPSTREAM_RECORDED, "pipeline", "report", "tenant", "acme", "outcome", "waiting")).isEqualTo(1);
        assertThat(count(SluiceMeters.UPSTREAM_RECORDED, "pipeline", "report", "outcome", "met")).isZero();
        assertThat(registry.get(SluiceMeters.DEPENDENCIES_RELEASED).counter().count()).as("the check waiting for orders").isEqualTo(1);

        run(runtime, "fx", completions);
        assertThat(count(SluiceMeters.UPSTREAM_RECORDED, "pipeline", "report", "outcome", "waiting")).isEqualTo(1);
        assertThat(count(SluiceMeters.UPSTREAM_RECORDED, "pipeline", "report", "outcome", "met")).isEqualTo(1);
        assertThat(started).hasSize(1);
    }

    @Test
    void executionsPastTheirRetentionThatTheSweepCouldNotArchiveAreTheBacklog() {
        AtomicBoolean archiveDown = new AtomicBoolean(true);
        InMemoryObjectStore objects = new InMemoryObjectStore();
        ObjectStore archive = new ObjectStore() {
            @Override
            public void put(String key, byte[] content) {
                if (archiveDown.get()) {
                    throw new IllegalStateException("archive unavailable");
                }
                objects.put(key, content);
            }

            @Override
            public Optional<byte[]> get(String key) {
                return objects.get(key);
            }

            @Override
            public List<ObjectStore.ObjectInfo> list(String prefix, String startAfter, int max) {
                return objects.list(prefix, startAfter, max);
            }

            @Override
            public boolean delete(String key) {
                return objects.delete(key);
            }
        };
        SluiceRuntime runtime = builder().retention(Retention.of(Duration.ofMinutes(1))).archiveTo(archive, null).build();
        for (String name : List.of("a", "b")) {
            runtime.orchestrator().start("ok", name, DefinitionParser.parse(Json.parse(OK)), Json.object());
        }
        pump(runtime);
        runtime.tick().sweep();
        assertThat(registry.find(SluiceMeters.RETENTION_BACKLOG).gauge().value()).as("nothing past its retention yet").isZero();

        clock.advance(Duration.ofMinutes(2));
        runtime.tick().sweep();
        assertThat(registry.get(SluiceMeters.RETENTION_BACKLOG).gauge().value()).as("both past retention, neither archived").isEqualTo(2);

        archiveDown.set(false);
        runtime.tick().sweep();
        assertThat(registry.get(SluiceMeters.RETENTION_BACKLOG).gauge().value()).isZero();
        assertThat(objects.size()).isEqualTo(2);
    }

    private RuntimeBuilder builder() {
        return RuntimeBuilder.on(ports, NAMES, clock).worker(tenancy.owners(), "w", Duration.ofSeconds(30)).metrics(registry, tenancy);
    }

    /** Runs {@code pipeline} for partition 2026-12-04 to its end, then hands its completion event to {@code completions}. */
    private void run(SluiceRuntime runtime, String pipeline, CompletionListener completions) {
        runtime.orchestrator().start(pipeline, "p-2026-12-04", DefinitionParser.parse(Json.parse(OK)),
                Json.object().put("partition", "2026-12-04"));
        pump(runtime);
        for (ReceivedMessage m : queue.receive(NAMES.events(), 10, Duration.ofMinutes(1), Duration.ZERO)) {
            completions.handle(m.body());
            queue.acknowledge(NAMES.events(), m.receipt());
        }
        pump(runtime); // what the completion started
    }

    private double count(String name, String... tags) {
        return registry.get(name).tags(tags).counter().count();
    }

    private void pump(SluiceRuntime runtime) {
        new QueuePump(queue, NAMES, clock, List.of("echo")).run(runtime, runtime.worker(functions));
    }
}
