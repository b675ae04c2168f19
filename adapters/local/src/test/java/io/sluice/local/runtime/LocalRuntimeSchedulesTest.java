package io.sluice.local.runtime;

import io.sluice.runtime.RuntimePorts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.functions.trigger.schedule.ScheduleFirer;
import io.sluice.functions.trigger.schedule.ScheduleRegistry;
import io.sluice.local.pipeline.PipelineOptionsCatalog;
import io.sluice.local.trigger.PipelineSchedules;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.testkit.fake.InMemoryDefinitionStore;
import io.sluice.testkit.fake.InMemoryExecutionStore;
import io.sluice.testkit.fake.InMemoryIdempotencyStore;
import io.sluice.testkit.fake.InMemoryScheduleIndex;
import io.sluice.testkit.fake.InMemoryTaskQueue;
import io.sluice.testkit.fake.InMemoryTimerIndex;
import io.sluice.testkit.time.ManualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's own tick fires the schedules that pipelines declare in their options, on a clock the
 * test moves: one execution per fire, named after the pipeline's scheduled time, and the overlap policy
 * holds while the previous run is still going (each pipeline waits an hour, so its run keeps RUNNING).
 */
class LocalRuntimeSchedulesTest {
    private static final Instant T0 = Instant.parse("2026-11-29T03:00:00Z");
    private static final Definition WAITS = DefinitionParser.parse(Json.parse("""
            {"StartAt": "Hold", "States": {"Hold": {"Type": "Wait", "Seconds": 3600, "End": true}}}"""));

    @TempDir
    Path pipelines;

    private final ManualClock clock = new ManualClock(T0);
    private final InMemoryExecutionStore executions = new InMemoryExecutionStore();
    private final ScheduleIndex index = new InMemoryScheduleIndex();
    private final Set<String> registered = new HashSet<>();
    private LocalRuntime runtime;
    private PipelineSchedules schedules;

    @BeforeEach
    void start() throws Exception {
        Files.writeString(pipelines.resolve("nightly.pipeline.json"), "{\"schedule\": \"rate(1 minute)\"}");
        Files.writeString(pipelines.resolve("overlapping.pipeline.json"), """
                {"schedule": {"expression": "rate(1 minute)", "overlap": "allow"}}""");
        RuntimePorts ports = new RuntimePorts(executions, new InMemoryIdempotencyStore(),
                new InMemoryTaskQueue(Clock.systemUTC(), 5), new InMemoryTimerIndex(), new InMemoryDefinitionStore());
        runtime = new LocalRuntime(ports, name -> Optional.empty(), List.of(), LocalRuntime.Settings.defaults(), clock);
        Map<String, Definition> known = Map.of("nightly", WAITS, "overlapping", WAITS);
        runtime.fireSchedules(new LocalRuntime.Schedules(index, new PipelineStarter(runtime::start,
                PipelineDefinitions.of(id -> Optional.ofNullable(known.get(id)))), Duration.ofMillis(100),
                ScheduleFirer.Settings.defaults()));
        schedules = new PipelineSchedules(new PipelineOptionsCatalog(pipelines), new ScheduleRegistry(index), registered, clock, null);
    }

    @AfterEach
    void stop() {
        schedules.close();
        runtime.close();
    }

    @Test
    void aDueScheduleStartsExactlyOneExecutionNamedAfterItsScheduledTimeAndSkipsWhileItRuns() {
        assertThat(index.get("nightly")).get().extracting(ScheduleIndex.Placement::nextFire).isEqualTo(T0.plusSeconds(60));
        assertThat(registered).containsExactlyInAnyOrder("nightly", "overlapping");

        clock.set(T0.plusSeconds(60));
        await().atMost(Duration.ofSeconds(10)).until(() -> names("nightly").size() == 1 && names("overlapping").size() == 1);
        assertThat(names("nightly")).containsExactly("sched-20261129T0301Z");
        String state = executions.load("nightly:sched-20261129T0301Z").orElseThrow().state();
        assertThat(state).contains("2026-11-29T03:01:00Z");

        clock.set(T0.plusSeconds(120));
        await().atMost(Duration.ofSeconds(10)).until(() -> nextFire("nightly").equals(Optional.of(T0.plusSeconds(180)))
                && names("overlapping").size() == 2);
        assertThat(names("nightly")).as("skip: the 03:01 run still waits, so the 03:02 fire is dropped").containsExactly("sched-20261129T0301Z");
        assertThat(names("overlapping")).as("allow").containsExactlyInAnyOrder("sched-20261129T0301Z", "sched-20261129T0302Z");
    }

    @Test
    void aChangedScheduleStartsAfreshAndARemovedOneLeavesTheIndex() throws Exception {
        clock.set(T0.plusSeconds(30));
        PipelineSchedules.Report unchanged = schedules.sync();
        assertThat(unchanged.registered()).isZero();
        assertThat(nextFire("nightly")).contains(T0.plusSeconds(60));

        touch(pipelines.resolve("nightly.pipeline.json"), "{\"schedule\": \"rate(5 minutes)\"}");
        Files.delete(pipelines.resolve("overlapping.pipeline.json"));
        PipelineSchedules.Report changed = schedules.sync();
        assertThat(changed).isEqualTo(new PipelineSchedules.Report(1, 1, 1));
        assertThat(nextFire("nightly")).contains(T0.plusSeconds(30 + 300));
        assertThat(index.get("overlapping")).isEmpty();
        assertThat(registered).containsExactly("nightly");

        touch(pipelines.resolve("nightly.pipeline.json"), "{\"schedule\": \"rate(5 minutes)\", \"retries\": 3}");
        assertThat(schedules.sync().removed()).as("options with a problem are not used at all").isEqualTo(1);
        assertThat(index.get("nightly")).isEmpty();
    }

    @Test
    void schedulesDeclaredWhileTheRuntimeWasDownAreRemovedAtTheNextStart() throws Exception {
        schedules.close();
        Files.delete(pipelines.resolve("nightly.pipeline.json"));
        // A new start: the registered ids come from where the last one left them (Redis in the app).
        PipelineSchedules restarted = new PipelineSchedules(new PipelineOptionsCatalog(pipelines), new ScheduleRegistry(index), registered,
                clock, null);
        restarted.close();
        assertThat(index.get("nightly")).isEmpty();
        assertThat(index.get("overlapping")).isPresent();
    }

    private List<String> names(String pipeline) {
        return executions.list(pipeline, null, 100).stream().map(ExecutionSummary::name).toList();
    }

    private Optional<Instant> nextFire(String id) {
        return index.get(id).map(ScheduleIndex.Placement::nextFire);
    }

    /** Rewrites a file with a modification time of its own, so the catalog sees the change whatever the file system's resolution. */
    private static void touch(Path file, String content) throws Exception {
        FileTime before = Files.exists(file) ? Files.getLastModifiedTime(file) : FileTime.fromMillis(0);
        Files.writeString(file, content);
        Files.setLastModifiedTime(file, FileTime.fromMillis(before.toMillis() + 10_000));
    }
}
