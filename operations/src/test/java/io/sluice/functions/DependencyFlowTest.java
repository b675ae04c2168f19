package io.sluice.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.alert.FailureAlerts;
import io.sluice.functions.alert.OncePerIncident;
import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.task.dependency.DependencyCheck;
import io.sluice.functions.task.dependency.DependencyRelease;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.DependencyIndex.Upstream;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.testkit.fake.InMemoryDependencyIndex;
import io.sluice.testkit.fake.InMemoryIdempotencyStore;
import io.sluice.testkit.fake.RecordingAlertSink;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * dependency-check through the durable loop: a run waits, woken by its upstreams' completion events
 * (no polling), or fails with Dependency.NotMet at its deadline, raising one alert.
 */
class DependencyFlowTest {
    static final Definition UPSTREAM_OK = parse("{\"StartAt\": \"Done\", \"States\": {\"Done\": {\"Type\": \"Pass\", \"End\": true}}}");
    static final Definition UPSTREAM_FAILS = parse(
            "{\"StartAt\": \"F\", \"States\": {\"F\": {\"Type\": \"Fail\", \"Error\": \"Feed.Missing\", \"Cause\": \"no file\"}}}");

    final Map<String, Function<JsonNode, JsonNode>> functions = new HashMap<>();
    final Pump pump = new Pump(name -> Optional.ofNullable(functions.get(name)), Set.of("dependency-check"));
    final InMemoryDependencyIndex index = new InMemoryDependencyIndex();
    final RecordingAlertSink alerts = new RecordingAlertSink();
    final CompletionListener listener = new CompletionListener(pump.store, List.of(
            new DependencyRelease(index, pump.timers, pump.queue, pump.names, pump.clock, Duration.ofDays(30)),
            new FailureAlerts(new OncePerIncident(alerts, new InMemoryIdempotencyStore(), pump.clock, Duration.ofHours(1),
                    Duration.ofSeconds(30), "test", io.sluice.orchestration.path.RandomSource.seeded(31)))));
    final List<String> events = new ArrayList<>();

    DependencyFlowTest() {
        functions.put("dependency-check", new DependencyCheck(index, pump.timers, pump.queue, pump.names, pump.clock, Duration.ofDays(1)));
    }

    static Definition parse(String json) {
        return DefinitionParser.parse(Json.parse(json));
    }

    static Definition downstream(int deadlineSeconds) {
        return parse("""
                {"StartAt": "Wait", "States": {
                  "Wait": {"Type": "Task", "Resource": "sluice:function:dependency-check.waitForTaskToken",
                           "Parameters": {"Partition.$": "$.partition", "Upstreams": ["orders", "fx"], "DeadlineSeconds": %d},
                           "ResultPath": "$.deps", "Next": "Done"},
                  "Done": {"Type": "Succeed"}}}""".formatted(deadlineSeconds));
    }

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

    String status(String id) {
        return pump.store.load(id).orElseThrow().summary().status();
    }

    JsonNode output(String id) {
        return ExecutionCodec.decode(Json.parse(pump.store.load(id).orElseThrow().state())).output();
    }

    JsonNode partition(String p) {
        return Json.parse("{\"partition\": \"" + p + "\"}");
    }

    @Test
    void theRunWaitsUntilTheLastUpstreamSucceedsForItsPartition() {
        pump.orchestrator.start("export", "2026-11-29", downstream(3600), partition("2026-11-29"));
        settle();
        assertThat(status("export:2026-11-29")).isEqualTo("RUNNING");
        pump.orchestrator.start("orders", "2026-11-29", UPSTREAM_OK, partition("2026-11-29"));
        pump.orchestrator.start("fx", "2026-11-28", UPSTREAM_OK, partition("2026-11-28"));
        settle();
        assertThat(status("export:2026-11-29")).as("fx succeeded for another partition only").isEqualTo("RUNNING");
        pump.orchestrator.start("fx", "2026-11-29", UPSTREAM_OK, partition("2026-11-29"));
        settle();
        assertThat(status("export:2026-11-29")).isEqualTo("SUCCEEDED");
        assertThat(output("export:2026-11-29").at("/deps/DependenciesMet").asBoolean()).isTrue();
        assertThat(output("export:2026-11-29").at("/deps/Last").asText()).isEqualTo("fx@2026-11-29");
        assertThat(pump.timers.takeDue(Instant.now().plus(Duration.ofDays(2)), 10, Duration.ofSeconds(1)))
                .as("the deadline was cancelled").isEmpty();
    }

    @Test
    void anEmptyListOfUpstreamsWaitsForNoneAndLeavesNoDeadline() {
        pump.orchestrator.start("export", "2026-11-30", parse("""
                {"StartAt": "Wait", "States": {
                  "Wait": {"Type": "Task", "Resource": "sluice:function:dependency-check.waitForTaskToken",
                           "Parameters": {"Partition.$": "$.partition", "Upstreams": [], "DeadlineSeconds": 60},
                           "ResultPath": "$.deps", "Next": "Done"},
                  "Done": {"Type": "Succeed"}}}"""), partition("2026-11-30"));
        settle();
        assertThat(status("export:2026-11-30")).isEqualTo("SUCCEEDED");
        assertThat(output("export:2026-11-30").at("/deps/DependenciesMet").asBoolean()).isTrue();
        assertThat(pump.timers.takeDue(Instant.now().plus(Duration.ofDays(2)), 10, Duration.ofSeconds(1))).isEmpty();
    }

    @Test
    void upstreamsThatSucceededBeforeLetTheRunThroughAtOnce() {
        pump.orchestrator.start("orders", "2026-11-29", UPSTREAM_OK, partition("2026-11-29"));
        pump.orchestrator.start("fx", "2026-11-29", UPSTREAM_OK, partition("2026-11-29"));
        settle();
        pump.orchestrator.start("export", "2026-11-29", downstream(3600), partition("2026-11-29"));
        settle();
        assertThat(status("export:2026-11-29")).isEqualTo("SUCCEEDED");
        assertThat(index.hasSucceeded(new Upstream("fx", "2026-11-29"))).isTrue();
    }

    @Test
    void aFailedUpstreamDoesNotReleaseTheRunWhichFailsAtItsDeadlineWithOneAlert() {
        pump.orchestrator.start("export", "2026-11-29", downstream(1), partition("2026-11-29"));
        pump.orchestrator.start("orders", "2026-11-29", UPSTREAM_OK, partition("2026-11-29"));
        pump.orchestrator.start("fx", "2026-11-29", UPSTREAM_FAILS, partition("2026-11-29"));
        settle();
        assertThat(status("export:2026-11-29")).isEqualTo("RUNNING");
        await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(100)).until(() -> {
            settle();
            return !status("export:2026-11-29").equals("RUNNING");
        });
        assertThat(status("export:2026-11-29")).isEqualTo("FAILED");
        var execution = ExecutionCodec.decode(Json.parse(pump.store.load("export:2026-11-29").orElseThrow().state()));
        assertThat(execution.error()).isEqualTo(DependencyCheck.NOT_MET);
        assertThat(execution.cause()).contains("fx@2026-11-29");

        events.forEach(listener::handle); // every completion event delivered a second time
        assertThat(alerts.fired()).extracting(a -> a.incidentKey())
                .containsExactlyInAnyOrder("execution-failed:fx:2026-11-29", "execution-failed:export:2026-11-29");
        assertThat(alerts.fired()).filteredOn(a -> a.incidentKey().endsWith("export:2026-11-29")).singleElement()
                .satisfies(a -> assertThat(a.title()).contains("'export'", "2026-11-29", "Dependency.NotMet"));
    }

    @Test
    void aCompletionEventDeliveredTwiceWakesTheRunOnce() {
        pump.orchestrator.start("export", "2026-11-29", downstream(3600), partition("2026-11-29"));
        pump.orchestrator.start("orders", "2026-11-29", UPSTREAM_OK, partition("2026-11-29"));
        pump.orchestrator.start("fx", "2026-11-29", UPSTREAM_OK, partition("2026-11-29"));
        settle();
        assertThat(status("export:2026-11-29")).isEqualTo("SUCCEEDED");
        long historyBefore = pump.store.history("export:2026-11-29", 0, 1000).size();
        events.forEach(listener::handle);
        settle();
        assertThat(pump.store.history("export:2026-11-29", 0, 1000)).hasSize((int) historyBefore);
    }
}
