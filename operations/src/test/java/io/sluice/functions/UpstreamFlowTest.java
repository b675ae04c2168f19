package io.sluice.functions;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.functions.trigger.upstream.Dependent;
import io.sluice.functions.trigger.upstream.Dependent.Dependency;
import io.sluice.functions.trigger.upstream.PartitionMapping;
import io.sluice.functions.trigger.upstream.UpstreamTrigger;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.testkit.fake.InMemoryUpstreamLedger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Upstream completion through the durable loop: a dependent pipeline starts for a partition when
 * every upstream has succeeded for it — driven by completion events, once however often they come.
 */
class UpstreamFlowTest {
    static final Definition OK = DependencyFlowTest.UPSTREAM_OK;
    static final Definition FAILS = DependencyFlowTest.UPSTREAM_FAILS;

    final Pump pump = new Pump(name -> Optional.empty(), Set.of());
    final InMemoryUpstreamLedger ledger = new InMemoryUpstreamLedger();
    final Map<String, Dependent> dependents = Map.of(
            "export", new Dependent("export", List.of(new Dependency("orders", PartitionMapping.IDENTITY),
                    new Dependency("fx", PartitionMapping.IDENTITY), new Dependency("rates", PartitionMapping.IDENTITY))),
            "daily", new Dependent("daily", List.of(new Dependency("hourly", PartitionMapping.SAME_DATE),
                    new Dependency("orders", PartitionMapping.IDENTITY))));
    final PipelineStarter starter = new PipelineStarter(pump.orchestrator::start,
            PipelineDefinitions.of(id -> dependents.containsKey(id) ? Optional.of(OK) : Optional.empty()));
    final UpstreamTrigger trigger = new UpstreamTrigger(
            up -> dependents.values().stream().filter(d -> d.upstreams().contains(up)).toList(),
            ledger, starter, pump.clock, Duration.ofDays(7));
    final CompletionListener listener = new CompletionListener(pump.store, List.of(trigger));
    final List<String> events = new ArrayList<>();

    /** Pumps the loop and the events queue until nothing moves. */
    void settle() {
        boolean moved = true;
        while (moved) {
            moved = pump.once() > 0;
            for (ReceivedMessage m : pump.queue.receive(pump.names.events(), 10, Duration.ofSeconds(30), Duration.ZERO)) {
                events.add(m.body());
                listener.handle(m.body());
                pump.queue.acknowledge(pump.names.events(), m.receipt());
                moved = true;
            }
        }
    }

    void run(String pipeline, String partition, Definition definition) {
        pump.orchestrator.start(pipeline, pipeline + "-" + partition.replace('/', '_'), definition,
                Json.parse("{\"partition\": \"" + partition + "\"}"));
    }

    List<ExecutionSummary> runsOf(String pipeline) {
        return pump.store.list(pipeline, null, 100);
    }

    @Test
    void theDependentStartsOnceEveryUpstreamHasSucceededForThePartition() {
        run("orders", "2026-11-29", OK);
        run("fx", "2026-11-29", OK);
        settle();
        assertThat(runsOf("export")).as("rates has not succeeded yet").isEmpty();
        run("rates", "2026-11-28", OK);
        settle();
        assertThat(runsOf("export")).as("rates succeeded for another partition only").isEmpty();
        run("rates", "2026-11-29", OK);
        settle();
        assertThat(runsOf("export")).extracting(ExecutionSummary::name).containsExactly("2026-11-29");
    }

    @Test
    void fanInOfThreeUpstreamsStartsOneRunNamedAfterThePartition() {
        run("orders", "2026-11-29", OK);
        run("fx", "2026-11-29", OK);
        run("rates", "2026-11-29", OK);
        settle();
        List<ExecutionSummary> runs = runsOf("export").stream().filter(s -> s.name().equals("2026-11-29")).toList();
        assertThat(runs).singleElement().satisfies(s -> assertThat(s.status()).isEqualTo("SUCCEEDED"));
        var input = ExecutionCodec.decode(Json.parse(pump.store.load("export:2026-11-29").orElseThrow().state())).input();
        assertThat(input.get("partition").asText()).isEqualTo("2026-11-29");
        assertThat(input.get("upstreams").toString()).isEqualTo("[\"fx\",\"orders\",\"rates\"]");
    }

    @Test
    void duplicateCompletionsAndReRunsOfAnUpstreamStartNothingMore() {
        run("orders", "2026-11-29", OK);
        run("fx", "2026-11-29", OK);
        run("rates", "2026-11-29", OK);
        settle();
        events.forEach(listener::handle); // every completion delivered a second time
        events.forEach(listener::handle);
        pump.orchestrator.start("rates", "rerun", OK, Json.parse("{\"partition\": \"2026-11-29\"}"));
        settle();
        assertThat(runsOf("export")).hasSize(1);
        List<UpstreamTrigger.Outcome> again = trigger.onCompletion(new FinishedExecution("fx:x", "fx", "x", "2026-11-29",
                ExecutionStatus.SUCCEEDED, null, null));
        assertThat(again).singleElement().isInstanceOfSatisfying(UpstreamTrigger.Outcome.Started.class,
                s -> assertThat(s.start()).isInstanceOf(StartResult.Existing.class));
    }

    @Test
    void aFailedUpstreamStartsNothingUntilItIsRedrivenToSuccess() {
        run("orders", "2026-11-29", OK);
        run("fx", "2026-11-29", OK);
        run("rates", "2026-11-29", FAILS);
        settle();
        assertThat(pump.store.load("rates:rates-2026-11-29").orElseThrow().summary().status()).isEqualTo("FAILED");
        assertThat(runsOf("export")).isEmpty();

        run("rates", "2026-11-29-again", OK); // another partition: still nothing for 2026-11-29
        pump.orchestrator.start("rates", "second-try", OK, Json.parse("{\"partition\": \"2026-11-29\"}"));
        settle();
        assertThat(runsOf("export")).extracting(ExecutionSummary::name).containsExactly("2026-11-29");
    }

    @Test
    void anUpstreamWithoutAPartitionOrANonSuccessIsIgnored() {
        pump.orchestrator.start("orders", "no-partition", OK, Json.object());
        settle();
        FinishedExecution aborted = new FinishedExecution("fx:a", "fx", "a", "2026-11-29", ExecutionStatus.ABORTED, null, null);
        assertThat(trigger.onCompletion(aborted)).isEmpty();
        assertThat(ledger.succeeded("export", "2026-11-29", "probe", java.time.Instant.MAX)).containsExactly("probe");
    }

    @Test
    void sameDateMapsAnHourlyUpstreamToTheDependentsDay() {
        run("hourly", "2026-11-29T03", OK);
        settle();
        FinishedExecution notADate = new FinishedExecution("hourly:z", "hourly", "z", "latest", ExecutionStatus.SUCCEEDED, null, null);
        assertThat(trigger.onCompletion(notADate)).singleElement().isInstanceOf(UpstreamTrigger.Outcome.NotMapped.class);
        run("orders", "2026-11-29", OK);
        settle();
        assertThat(runsOf("daily")).extracting(ExecutionSummary::name).containsExactly("2026-11-29");
        assertThat(runsOf("export")).as("export still misses fx and rates").isEmpty();
    }

    @Test
    void anUpstreamPartitionThatIsAPathStartsNoDependent() {
        for (String partition : List.of("../b/2026-01-01", "2026-11-29/../../x")) {
            FinishedExecution e = new FinishedExecution("orders:z", "orders", "z", partition, ExecutionStatus.SUCCEEDED, null, null);
            assertThat(trigger.onCompletion(e)).isNotEmpty().allSatisfy(o -> assertThat(o).isInstanceOf(UpstreamTrigger.Outcome.NotMapped.class));
        }
        assertThat(ledger.succeeded("export", "../b/2026-01-01", "probe", java.time.Instant.MAX)).as("nothing recorded")
                .containsExactly("probe");
    }

    @Test
    void aDependentThatCannotStartIsReportedNotRetried() {
        UpstreamTrigger lonely = new UpstreamTrigger(up -> List.of(new Dependent("gone", List.of(new Dependency(up, PartitionMapping.IDENTITY)))),
                ledger, starter, pump.clock, Duration.ofDays(7));
        List<UpstreamTrigger.Outcome> outcomes = lonely.onCompletion(new FinishedExecution("a:b", "a", "b", "p1", ExecutionStatus.SUCCEEDED,
                null, null));
        assertThat(outcomes).singleElement().isInstanceOfSatisfying(UpstreamTrigger.Outcome.Started.class,
                s -> assertThat(s.start()).isInstanceOf(StartResult.Refused.class));
    }
}
