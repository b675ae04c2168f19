package io.sluice.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.micrometer.core.instrument.MockClock;
import io.micrometer.core.instrument.simple.SimpleConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.harness.WorkerHarness;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.observe.SluiceMeters;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.runtime.RuntimeBuilder;
import io.sluice.runtime.RuntimePorts;
import io.sluice.runtime.SluiceRuntime;
import io.sluice.testkit.fake.InMemoryDefinitionStore;
import io.sluice.testkit.fake.InMemoryExecutionStore;
import io.sluice.testkit.fake.InMemoryIdempotencyStore;
import io.sluice.testkit.fake.InMemoryTaskQueue;
import io.sluice.testkit.fake.InMemoryTimerIndex;
import io.sluice.testkit.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The runtime's metrics as the one composition wires them ({@link RuntimeBuilder#metrics}): what runs through the
 * orchestrator and the harness shows up in the registry with the catalog's names and bounded tags, and a runtime built
 * without a registry has none. In-memory ports on a manual clock; Micrometer's {@link MockClock} times the functions.
 */
class RuntimeMetricsTest {
    static final QueueNames NAMES = QueueNames.DEFAULT;
    static final String OK = """
            {"StartAt": "Echo", "States": {"Echo": {"Type": "Task", "Resource": "sluice:function:echo", "Next": "Done"},
             "Done": {"Type": "Succeed"}}}""";
    static final String FLAKY = """
            {"StartAt": "Boom", "States": {
              "Boom": {"Type": "Task", "Resource": "sluice:function:boom",
                       "Retry": [{"ErrorEquals": ["States.ALL"], "MaxAttempts": 1, "IntervalSeconds": 2}],
                       "Catch": [{"ErrorEquals": ["Boom.Again"], "Next": "Recovered"}], "End": true},
              "Recovered": {"Type": "Fail", "Error": "Gave.Up"}}}""";

    final ManualClock clock = new ManualClock(Instant.parse("2026-12-05T00:00:00Z"));
    final MockClock meterClock = new MockClock();
    final SimpleMeterRegistry registry = new SimpleMeterRegistry(SimpleConfig.DEFAULT, meterClock);
    final InMemoryTaskQueue queue = new InMemoryTaskQueue(clock, 5);
    final RuntimePorts ports = new RuntimePorts(new InMemoryExecutionStore(), new InMemoryIdempotencyStore(), queue, new InMemoryTimerIndex(),
            new InMemoryDefinitionStore());
    final Tenancy tenancy = pipeline -> pipeline.equals("flaky") ? Optional.of("acme") : Optional.empty();
    final TaskFunctions functions = TaskFunctions.of(Map.<String, Function<JsonNode, JsonNode>>of(
            "echo", in -> {
                meterClock.add(40, TimeUnit.MILLISECONDS); // the function's run, as the registry's clock sees it
                return in;
            },
            "boom", in -> {
                throw new IllegalStateException("boom");
            }));

    @Test
    void executionsTasksTransitionsRetriesAndCatchesAreCountedWithBoundedTags() {
        SluiceRuntime runtime = RuntimeBuilder.on(ports, NAMES, clock).worker(tenancy.owners(), "w", Duration.ofSeconds(30))
                .metrics(registry, tenancy).build();
        runtime.orchestrator().start("ok", "run-1", DefinitionParser.parse(Json.parse(OK)), Json.object());
        runtime.orchestrator().start("flaky", "run-1", DefinitionParser.parse(Json.parse(FLAKY)), Json.object(), Priority.P0);
        pump(runtime, runtime.worker(functions));

        assertThat(count(SluiceMeters.EXECUTIONS_STARTED, "pipeline", "ok", "tenant", SluiceMeters.NO_TENANT, "channel", "P2")).isEqualTo(1);
        assertThat(count(SluiceMeters.EXECUTIONS_ENDED, "pipeline", "ok", "outcome", "succeeded")).isEqualTo(1);
        assertThat(count(SluiceMeters.EXECUTIONS_ENDED, "pipeline", "ok", "outcome", "failed")).as("pre-registered at zero").isZero();
        assertThat(count(SluiceMeters.STATE_TRANSITIONS, "pipeline", "ok")).as("Echo and Done").isEqualTo(2);
        assertThat(registry.get(SluiceMeters.TASK_DURATION).tags("pipeline", "ok", "function", "echo", "outcome", "succeeded").timer()
                .totalTime(TimeUnit.MILLISECONDS)).as("timed on the registry's clock").isEqualTo(40.0);
        assertThat(registry.get(SluiceMeters.DISPATCH_LATENCY).tags("function", "echo", "channel", "P2").timer().count()).isEqualTo(1);

        // The flaky run: its tenant's, on P0; the task failed twice (a retry, then a catch), and the run failed.
        assertThat(count(SluiceMeters.EXECUTIONS_STARTED, "pipeline", "flaky", "tenant", "acme", "channel", "P0")).isEqualTo(1);
        assertThat(count(SluiceMeters.TASK_RETRIES, "pipeline", "flaky")).isEqualTo(1);
        assertThat(count(SluiceMeters.EXECUTIONS_ENDED, "pipeline", "flaky", "tenant", "acme", "outcome", "failed")).isEqualTo(1);
        assertThat(registry.get(SluiceMeters.TASK_DURATION).tags("pipeline", "flaky", "function", "boom", "channel", "P0", "outcome", "failed")
                .timer().count()).isEqualTo(2);
        assertThat(registry.get(SluiceMeters.EXECUTION_DURATION).tags("pipeline", "flaky", "outcome", "failed").timer()
                .totalTime(TimeUnit.SECONDS)).as("the retry's 2 s on the manual clock").isGreaterThanOrEqualTo(2.0);
        assertThat(registry.getMeters()).as("no tag holds an execution id").allSatisfy(m ->
                assertThat(m.getId().getTags()).noneSatisfy(t -> assertThat(t.getValue()).contains("run-1")));
    }

    @Test
    void aCaughtErrorIsCounted() {
        String caught = FLAKY.replace("\"Retry\": [{\"ErrorEquals\": [\"States.ALL\"], \"MaxAttempts\": 1, \"IntervalSeconds\": 2}],", "")
                .replace("Boom.Again", "States.ALL");
        SluiceRuntime runtime = RuntimeBuilder.on(ports, NAMES, clock).worker(tenancy.owners(), "w", Duration.ofSeconds(30))
                .metrics(registry, tenancy).build();
        runtime.orchestrator().start("flaky", "run-2", DefinitionParser.parse(Json.parse(caught)), Json.object());
        pump(runtime, runtime.worker(functions));
        assertThat(count(SluiceMeters.CATCHES, "pipeline", "flaky")).isEqualTo(1);
        assertThat(count(SluiceMeters.TASK_RETRIES, "pipeline", "flaky")).isZero();
    }

    @Test
    void aRuntimeWithoutARegistryRegistersNothing() {
        SluiceRuntime runtime = RuntimeBuilder.on(ports, NAMES, clock).worker(tenancy.owners(), "w", Duration.ofSeconds(30)).build();
        runtime.orchestrator().start("ok", "quiet", DefinitionParser.parse(Json.parse(OK)), Json.object());
        pump(runtime, runtime.worker(functions));
        assertThat(registry.getMeters()).isEmpty();
        assertThat(runtime.observer()).isSameAs(io.sluice.functions.observe.RuntimeObserver.NONE);
    }

    @Test
    void aScheduledFireRecordsHowLateItStartedItsExecution() {
        io.sluice.testkit.fake.InMemoryScheduleIndex schedules = new io.sluice.testkit.fake.InMemoryScheduleIndex();
        Instant due = clock.instant();
        schedules.put("nightly", io.sluice.functions.trigger.schedule.ScheduleShape.of("rate(1 day)", "UTC", "allow", "none").encode(),
                due);
        SluiceRuntime[] built = new SluiceRuntime[1];
        io.sluice.functions.start.ExecutionStarter starter = (pipeline, name, input) ->
                built[0].orchestrator().start(pipeline, name, DefinitionParser.parse(Json.parse(OK)), input);
        built[0] = RuntimeBuilder.on(ports, NAMES, clock).schedules(schedules, starter, io.sluice.functions.trigger.schedule.ScheduleFirer.Settings.defaults())
                .metrics(registry, tenancy).build();
        clock.advance(Duration.ofMillis(1500));

        built[0].tick().fireSchedules();

        io.micrometer.core.instrument.Timer lag = registry.get(SluiceMeters.SCHEDULE_LAG).timer();
        assertThat(lag.count()).isEqualTo(1);
        assertThat(lag.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(1500.0);
    }

    @Test
    void aTaskChannelIsReadFromItsQueueName() {
        assertThat(SluiceMeters.channelOf(NAMES, "echo", NAMES.tasks("echo", Priority.P0))).isEqualTo(Priority.P0);
        assertThat(SluiceMeters.channelOf(NAMES, "echo", NAMES.tasks("echo", Priority.P3))).isEqualTo(Priority.P3);
        assertThat(SluiceMeters.channelOf(NAMES, "echo", NAMES.tasks("echo"))).isEqualTo(Priority.P2);
        assertThat(SluiceMeters.channelOf(NAMES, "echo-p0", NAMES.tasks("echo-p0"))).as("a function whose name looks like a suffix")
                .isEqualTo(Priority.P2);
        assertThat(SluiceMeters.channelOf(NAMES, "echo", null)).isEqualTo(Priority.P2);
    }

    private double count(String name, String... tags) {
        return registry.get(name).tags(tags).counter().count();
    }

    private void pump(SluiceRuntime runtime, WorkerHarness harness) {
        new io.sluice.runtime.QueuePump(queue, NAMES, clock, List.of("echo", "boom")).run(runtime, harness);
    }
}
