package io.sluice.functions.trigger.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.functions.orchestrator.DefinitionCache;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.functions.orchestrator.ScheduleTick;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.testkit.fake.InMemoryDefinitionStore;
import io.sluice.testkit.fake.InMemoryExecutionStore;
import io.sluice.testkit.fake.InMemoryScheduleIndex;
import io.sluice.testkit.fake.InMemoryTaskQueue;
import io.sluice.testkit.fake.InMemoryTimerIndex;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** schedule-tick with a firer, starting real executions through the orchestrator on in-memory ports. */
class ScheduledStartsTest {
    private static final Definition ONE_TASK = DefinitionParser.parse(Json.parse(
            "{\"StartAt\":\"Load\",\"States\":{\"Load\":{\"Type\":\"Task\",\"Resource\":\"sluice:function:noop\",\"End\":true}}}"));

    private Instant now = Instant.parse("2026-11-29T02:00:00Z");
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };
    private final InMemoryExecutionStore store = new InMemoryExecutionStore();
    private final InMemoryTaskQueue queue = new InMemoryTaskQueue(clock, 5);
    private final InMemoryTimerIndex timers = new InMemoryTimerIndex();
    private final InMemoryScheduleIndex schedules = new InMemoryScheduleIndex();
    private final OutboxDispatcher outbox = new OutboxDispatcher(store, queue, timers, QueueNames.DEFAULT, clock);
    private final Orchestrator orchestrator = new Orchestrator(store, new DefinitionCache(new InMemoryDefinitionStore()), outbox, clock,
            Boundary.Probe.NONE);
    private final ExecutionStarter starter = new PipelineStarter(orchestrator::start,
            PipelineDefinitions.of(pipeline -> Optional.ofNullable(Map.of("orders", ONE_TASK).get(pipeline))));
    private final ScheduledRuns runs = ScheduledRuns.in(store);
    private final ScheduleTick tick = new ScheduleTick(store, timers, queue, outbox, QueueNames.DEFAULT, clock, Duration.ofSeconds(5),
            new ScheduleFirer(schedules, starter, runs, ScheduleFirer.Settings.defaults()));
    private final ScheduleRegistry registry = new ScheduleRegistry(schedules);

    @Test
    void aScheduleStartsARealExecutionOnceAndSkipsWhileItRuns() {
        registry.register(ScheduleKey.of("orders"), ScheduleShape.of("cron(0 3 * * ? *)", "Europe/Berlin", "skip", "latest"), now);
        now = Instant.parse("2026-11-30T02:00:00.200Z"); // 03:00 in Berlin
        ScheduleTick.Report first = tick.tick();
        assertThat(first.schedules()).as("the tick reports what its firer did").isInstanceOf(ScheduleFirer.Report.class);
        assertThat(first.schedules().started()).isEqualTo(1);
        ExecutionSummary run = store.load("orders:sched-20261130T0200Z").orElseThrow().summary();
        assertThat(run.status()).isEqualTo("RUNNING");
        assertThat(fired().taken()).as("a doubled tick").isZero();
        assertThat(starter.start("orders", "sched-20261130T0200Z", Json.object())).isInstanceOf(StartResult.AlreadyRunning.class);

        now = Instant.parse("2026-12-01T02:00:00Z");
        assertThat(fired().skipped()).as("yesterday's run still runs").isEqualTo(1);
        assertThat(store.load("orders:sched-20261201T0200Z")).isEmpty();
        assertThat(runs.anyRunning("orders", "sched-")).isTrue();
        assertThat(runs.anyRunning("orders", "sched-eod-")).isFalse();
        assertThat(ScheduleKey.namedWith("sched-", "sched-eod-20261201T0200Z")).as("a labelled schedule's run").isFalse();
    }

    @Test
    void aScheduleOfAnUnknownPipelineIsRejected() {
        registry.register(ScheduleKey.of("ghost"), ScheduleShape.of("rate(1 hour)", "UTC", "allow", "none"), now);
        now = now.plus(Duration.ofHours(1));
        assertThat(fired().rejected()).isEqualTo(1);
    }

    /** One tick's schedules part: the firer's own report. */
    private ScheduleFirer.Report fired() {
        return (ScheduleFirer.Report) tick.tick().schedules();
    }
}
