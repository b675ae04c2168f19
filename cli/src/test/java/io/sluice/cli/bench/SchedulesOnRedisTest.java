package io.sluice.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.functions.trigger.schedule.ScheduleFirer;
import io.sluice.functions.trigger.schedule.ScheduleKey;
import io.sluice.functions.trigger.schedule.ScheduleShape;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ScheduleIndex.Placement;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisScheduleIndex;
import io.sluice.testkit.contract.Concurrently;
import io.sluice.testkit.redis.RedisTestServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.KeysScanOptions;

/** The schedule firer on the Redis index, with many tickers at once, and the bench end to end. */
class SchedulesOnRedisTest {
    private static final Instant T0 = Instant.parse("2099-06-01T00:00:00Z");

    private final RedissonClient redisson = RedisAdapters.client(RedisTestServer.shared().url());
    private final String prefix = "sluice-test:schedules-firing:" + UUID.randomUUID();

    @AfterEach
    void cleanUp() {
        List<String> keys = new ArrayList<>();
        redisson.getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":*")).forEach(keys::add);
        if (!keys.isEmpty()) {
            redisson.getKeys().delete(keys.toArray(String[]::new));
        }
        redisson.shutdown();
    }

    /** Counts starts per execution id; idempotent by name as the orchestrator is. */
    private static final class CountingStarter implements ExecutionStarter {
        final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

        @Override
        public StartResult start(String pipeline, String executionName, JsonNode input) {
            int n = calls.computeIfAbsent(pipeline + ":" + executionName, k -> new AtomicInteger()).incrementAndGet();
            ExecutionSummary s = new ExecutionSummary(pipeline + ":" + executionName, pipeline, executionName, "RUNNING", "test", null, null);
            return n == 1 ? new StartResult.Started(s) : new StartResult.AlreadyRunning(s);
        }

    }

    @Test
    void tenThreadsTickingOneRedisIndexFireEachDueFireOnce() throws Exception {
        RedisScheduleIndex index = new RedisScheduleIndex(redisson, prefix);
        String shape = ScheduleShape.of("rate(1 minute)", "UTC", "allow", "all:5").encode();
        List<Placement> placements = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            placements.add(new Placement("p" + i, shape, T0.plusSeconds(i % 60)));
        }
        index.putAll(placements);
        CountingStarter starter = new CountingStarter();
        ScheduleFirer.Settings settings = new ScheduleFirer.Settings(25, 100, Duration.ofMinutes(10), Duration.ofMinutes(5), Duration.ofSeconds(5));
        AtomicLong clock = new AtomicLong();
        Concurrently.run(10, () -> {
            ScheduleFirer firer = new ScheduleFirer(index, starter, (pipeline, prefix) -> false, settings);
            for (long second = clock.getAndIncrement(); second <= 150; second = clock.getAndIncrement()) {
                firer.tick(T0.plusSeconds(second));
            }
            return null;
        });
        // A ticker may settle at an earlier 'now' after the others stopped; ticking goes on in real life.
        new ScheduleFirer(index, starter, (pipeline, prefix) -> false, settings).tick(T0.plusSeconds(150));
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            for (long fire = i % 60; fire <= 150; fire += 60) {
                expected.add("p" + i + ":" + ScheduleKey.of("p" + i).executionName(T0.plusSeconds(fire)));
            }
        }
        assertThat(starter.calls.keySet()).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(starter.calls.values()).allSatisfy(n -> assertThat(n.get()).as("starts of one fire").isEqualTo(1));
    }

    @Test
    void theBenchPrintsItsFiguresAsOneJsonLineLast() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = io.sluice.cli.SluiceCli.run(new String[] {"bench", "schedules", "--count", "400", "--spread", "2", "--json",
                "--redis", RedisTestServer.shared().url()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        JsonNode figures = Json.parse(lines.getLast());
        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(figures.get("schedules").asInt()).isEqualTo(400);
        assertThat(figures.get("missed").asInt()).isZero();
        assertThat(figures.get("doubled").asInt()).isZero();
        for (String field : List.of("fire_lag_p50_ms", "fire_lag_p99_ms", "redis_bytes_per_schedule")) {
            assertThat(figures.has(field)).as(field).isTrue();
        }
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("deleted");
    }
}
