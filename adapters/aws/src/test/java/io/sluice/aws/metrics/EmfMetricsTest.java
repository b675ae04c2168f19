package io.sluice.aws.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.Counter;
import io.sluice.orchestration.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** What a Lambda prints: the metrics an invocation changed, as EMF lines on its log when it ends, even when it throws. */
class EmfMetricsTest {
    final ByteArrayOutputStream log = new ByteArrayOutputStream();
    final EmfMetrics metrics = new EmfMetrics("Sluice", Clock.fixed(Instant.parse("2026-12-05T10:00:00Z"), ZoneOffset.UTC),
            new PrintStream(log, true, StandardCharsets.UTF_8));
    final Counter started = Counter.builder("sluice.executions.started").tags("pipeline", "orders", "tenant", "-", "channel", "P2")
            .register(metrics.registry());

    @Test
    void eachInvocationPrintsWhatItChangedAsOneEmfLine() {
        Function<String, String> handler = metrics.flushingAfter(in -> {
            started.increment();
            return in;
        });
        handler.apply("a");
        String[] lines = printed();
        assertThat(lines).hasSize(1);
        assertThat(Json.parse(lines[0]).get("sluice.executions.started").asDouble()).isEqualTo(1.0);
        assertThat(Json.parse(lines[0]).get("_aws").get("Timestamp").asLong()).isEqualTo(Instant.parse("2026-12-05T10:00:00Z").toEpochMilli());

        log.reset();
        metrics.flushingAfter(() -> "idle").get();
        assertThat(log.size()).as("an invocation that changed nothing prints nothing").isZero();
    }

    @Test
    void anInvocationThatThrowsStillPrints() {
        Function<String, String> failing = metrics.flushingAfter(in -> {
            started.increment();
            throw new IllegalStateException("boom");
        });
        assertThatThrownBy(() -> failing.apply("a")).hasMessage("boom");
        assertThat(printed()).hasSize(1);
    }

    @Test
    void theApisRequestsGoByStatusClassAndRedisCallsWithoutTheCommandSoCloudWatchHoldsFewerMetrics() {
        var registry = metrics.registry();
        io.micrometer.core.instrument.Timer.builder("sluice.api.requests").tags("route", "/v1/executions/{id}", "method", "GET", "status", "404")
                .register(registry).record(java.time.Duration.ofMillis(3));
        io.micrometer.core.instrument.Timer.builder("sluice.api.requests").tags("route", "/v1/executions/{id}", "method", "GET", "status", "401")
                .register(registry).record(java.time.Duration.ofMillis(1));
        for (String command : new String[] {"GET", "HGETALL"}) {
            io.micrometer.core.instrument.Timer.builder("sluice.redis.calls").tags("command", command, "script", "-", "outcome", "ok")
                    .register(registry).record(java.time.Duration.ofMillis(2));
        }
        metrics.flush();
        var lines = java.util.Arrays.stream(printed()).map(Json::parse).toList();
        var api = lines.stream().filter(l -> l.has("sluice.api.requests.count")).toList();
        assertThat(api).hasSize(1);
        assertThat(api.get(0).path("status").asText()).isEqualTo("4xx");
        assertThat(api.get(0).path("sluice.api.requests.count").asDouble()).isEqualTo(2.0);
        var redis = lines.stream().filter(l -> l.has("sluice.redis.calls.count")).toList();
        assertThat(redis).hasSize(1);
        assertThat(redis.get(0).has("command")).isFalse();
        assertThat(redis.get(0).path("sluice.redis.calls.count").asDouble()).isEqualTo(2.0);
        assertThat(redis.get(0).path("_aws").path("CloudWatchMetrics").get(0).path("Dimensions").get(0))
                .extracting(com.fasterxml.jackson.databind.JsonNode::asText).containsExactlyInAnyOrder("script", "outcome");
    }

    private String[] printed() {
        return log.toString(StandardCharsets.UTF_8).lines().toArray(String[]::new);
    }
}
