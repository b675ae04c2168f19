package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.trigger.object.InMemoryTriggerMetrics;
import io.sluice.functions.trigger.schedule.ScheduleKey;
import io.sluice.local.trigger.FolderWatcher;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.testkit.redis.RedisTestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The app's own triggers, end to end, on the pipelines of {@code examples/local/pipelines}: a pipeline
 * whose options declare a schedule ({@code nightly-report}) is started by the runtime's tick once the
 * (test-moved) clock reaches its fire time; a file written into the watched data folder starts the
 * pipeline its rule in {@code triggers.json} names ({@code landed-sales}), once. A context of its own: its
 * clock and folders are not the other app tests'.
 */
@SpringBootTest(classes = SluiceLocalApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import({TestFunctions.class, TriggersAppTest.Moved.class})
class TriggersAppTest {
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static final Path ROOT = folders();

    @LocalServerPort
    int port;
    @Autowired
    MovedClock clock;
    @Autowired
    ScheduleIndex schedules;
    @Autowired
    InMemoryTriggerMetrics metrics;
    @Autowired
    TriggerConfiguration.ObjectTriggers objectTriggers;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("sluice.redis.url", () -> RedisTestServer.shared().url());
        registry.add("sluice.redis.key-prefix", () -> "sluice-test:triggers:" + RUN);
        // The context lives as long as the JVM (Spring caches it): its keys go when the JVM does.
        io.sluice.testkit.redis.RedisCleanup.deleteOnExit(RedisTestServer.shared().url(), "sluice-test:triggers:" + RUN);
        registry.add("sluice.queue-prefix", () -> "tr" + RUN);
        registry.add("sluice.sqs.port", () -> 0);
        registry.add("sluice.sfn-api.port", () -> 0); // a free port: never the shared default 8083
        registry.add("sluice.pipelines-dir", () -> ROOT.resolve("pipelines").toString());
        registry.add("sluice.data-dir", () -> ROOT.resolve("data").toString());
        registry.add("sluice.data-functions", () -> false);
        registry.add("sluice.triggers.settle", () -> "200ms");
        registry.add("server.tomcat.basedir", () -> "target/tomcat-" + RUN);
    }

    /** The app's clock, which the test moves forward. */
    @TestConfiguration(proxyBeanMethods = false)
    static class Moved {
        @Bean
        @Primary
        MovedClock movedClock() {
            return new MovedClock();
        }
    }

    @Test
    void aDeclaredScheduleStartsOneExecutionFromTheRuntimesTick() {
        Instant fire = schedules.get("nightly-report").orElseThrow().nextFire();
        String name = ScheduleKey.of("nightly-report").executionName(fire);
        assertThat(http().get("/v1/executions/nightly-report:" + name).status()).as("not due yet").isEqualTo(404);

        clock.moveTo(fire);
        JsonNode started = await().atMost(Duration.ofSeconds(10)).until(() -> http().get("/v1/executions/nightly-report:" + name),
                r -> r.status() == 200).body();
        assertThat(started.get("input")).isEqualTo(Json.parse("{\"schedule\": \"nightly-report\", \"scheduledTime\": \"" + fire + "\"}"));
        // Settled at the next night's fire (23 to 25 hours on, as daylight saving goes).
        await().atMost(Duration.ofSeconds(10)).until(() -> schedules.get("nightly-report").orElseThrow().nextFire(),
                next -> !next.isBefore(fire.plus(Duration.ofHours(23))));
        assertThat(http().get("/v1/executions?pipeline=nightly-report").body().get("executions").findValuesAsText("name")).containsExactly(name);
    }

    @Test
    void aFileInTheWatchedFolderStartsItsRulesPipelineOnceAndOthersAreCounted() throws IOException {
        Path landing = ROOT.resolve("data/landing/sales/2026/11/29");
        Files.createDirectories(landing);
        Files.writeString(landing.resolve("orders.csv.part"), "id,amount\n1,10\n");
        Files.move(landing.resolve("orders.csv.part"), landing.resolve("orders.csv"), StandardCopyOption.ATOMIC_MOVE);

        JsonNode execution = await().atMost(Duration.ofSeconds(20)).until(() -> http().get("/v1/executions?pipeline=landed-sales").body()
                .get("executions"), list -> list.size() == 1).get(0);
        JsonNode described = http().get("/v1/executions/" + execution.get("executionId").asText()).body();
        assertThat(described.get("input")).isEqualTo(Json.parse("""
                {"file": "sales/2026/11/29/orders.csv", "bytes": 15, "partition": "2026-11-29"}"""));
        assertThat(metrics.count("started.landed-sales")).isEqualTo(1);

        // The same file announced again (a new watcher scans what is there, as after a restart): a duplicate, nothing started.
        try (FolderWatcher again = new FolderWatcher(ROOT.resolve("data"), objectTriggers.rules(),
                new FolderWatcher.Settings(Duration.ZERO, Duration.ofMillis(50), true), Clock.systemUTC())) {
            await().atMost(Duration.ofSeconds(20)).until(() -> metrics.count("duplicate.landed-sales") == 1);
        }

        Files.writeString(ROOT.resolve("data/landing/sales/readme.txt"), "not data");
        Files.writeString(ROOT.resolve("data/landing/sales/misc.csv"), "id\n");
        await().atMost(Duration.ofSeconds(20)).until(() -> metrics.count("unmatched.landing") == 1
                && metrics.count("rejected.no-partition") == 1);
        assertThat(http().get("/v1/executions?pipeline=landed-sales").body().get("executions")).hasSize(1);
    }

    private Http http() {
        return new Http("http://127.0.0.1:" + port);
    }

    /** The system clock, moved forward when a test says so. */
    static final class MovedClock extends Clock {
        private volatile Duration ahead = Duration.ZERO;

        /** From now on the clock reads {@code instant} (and goes on from there); never backwards. */
        synchronized void moveTo(Instant instant) {
            Duration d = Duration.between(Clock.systemUTC().instant(), instant);
            if (d.compareTo(ahead) > 0) {
                ahead = d;
            }
        }

        @Override
        public Instant instant() {
            return Clock.systemUTC().instant().plus(ahead);
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }
    }

    /**
     * The pipelines folder, a copy of {@code examples/local/pipelines} (so the example's scheduled pipeline and
     * object rule are run by this test), and the data folder, under target/.
     */
    private static Path folders() {
        try {
            Path root = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "triggers-app-");
            Path pipelines = Files.createDirectories(root.resolve("pipelines"));
            Files.createDirectories(root.resolve("data"));
            try (var examples = Files.list(TestPipelines.EXAMPLES)) {
                for (Path f : examples.toList()) {
                    Files.copy(f, pipelines.resolve(f.getFileName()));
                }
            }
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
