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

    private String[] printed() {
        return log.toString(StandardCharsets.UTF_8).lines().toArray(String[]::new);
    }
}
