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
 * The app's own triggers, end to end: a pipeline whose options declare a schedule is started by the
 * runtime's tick once the (test-moved) clock reaches its fire time; a file written into the watched data
 * folder starts the pipeline its rule in {@code triggers.json} names, once. A context of its own: its
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
        registry.add("sluice.queue-prefix", () -> "tr" + RUN);
        registry.add("sluice.sqs.port", () -> 0);
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
        Instant fire = schedules.get("hourly").orElseThrow().nextFire();
        String name = ScheduleKey.of("hourly").executionName(fire);
        assertThat(http().get("/v1/executions/hourly:" + name).status()).as("not due yet").isEqualTo(404);

        clock.moveTo(fire);
        JsonNode started = await().atMost(Duration.ofSeconds(10)).until(() -> http().get("/v1/executions/hourly:" + name),
                r -> r.status() == 200).body();
        assertThat(started.get("input")).isEqualTo(Json.parse("{\"schedule\": \"hourly\", \"scheduledTime\": \"" + fire + "\"}"));
        await().atMost(Duration.ofSeconds(10)).until(() -> schedules.get("hourly").orElseThrow().nextFire().equals(fire.plusSeconds(3600)));
        assertThat(http().get("/v1/executions?pipeline=hourly").body().get("executions").findValuesAsText("name")).containsExactly(name);
    }

    @Test
    void aFileInTheWatchedFolderStartsItsRulesPipelineOnceAndOthersAreCounted() throws IOException {
        Path landing = ROOT.resolve("data/landing/sales/2026/11/29");
        Files.createDirectories(landing);
        Files.writeString(landing.resolve("orders.csv.part"), "id,amount\n1,10\n");
        Files.move(landing.resolve("orders.csv.part"), landing.resolve("orders.csv"), StandardCopyOption.ATOMIC_MOVE);

        JsonNode execution = await().atMost(Duration.ofSeconds(20)).until(() -> http().get("/v1/executions?pipeline=sales").body()
                .get("executions"), list -> list.size() == 1).get(0);
        JsonNode described = http().get("/v1/executions/" + execution.get("executionId").asText()).body();
        assertThat(described.get("input")).isEqualTo(Json.parse("""
                {"key": "sales/2026/11/29/orders.csv", "size": 15, "partition": "2026-11-29"}"""));
        assertThat(metrics.count("started.sales")).isEqualTo(1);

        // The same file announced again (a new watcher scans what is there, as after a restart): a duplicate, nothing started.
        try (FolderWatcher again = new FolderWatcher(ROOT.resolve("data"), objectTriggers.rules(),
                new FolderWatcher.Settings(Duration.ZERO, Duration.ofMillis(50), true), Clock.systemUTC())) {
            await().atMost(Duration.ofSeconds(20)).until(() -> metrics.count("duplicate.sales") == 1);
        }

        Files.writeString(ROOT.resolve("data/landing/sales/readme.txt"), "not data");
        Files.writeString(ROOT.resolve("data/landing/sales/misc.csv"), "id\n");
        await().atMost(Duration.ofSeconds(20)).until(() -> metrics.count("unmatched.landing") == 1
                && metrics.count("rejected.no-partition") == 1);
        assertThat(http().get("/v1/executions?pipeline=sales").body().get("executions")).hasSize(1);
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

    /** The pipelines folder (a scheduled pipeline, a pipeline for the rule, the rules) and the data folder, under target/. */
    private static Path folders() {
        try {
            Path root = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "triggers-app-");
            Path pipelines = Files.createDirectories(root.resolve("pipelines"));
            Files.createDirectories(root.resolve("data"));
            Files.writeString(pipelines.resolve("hourly.asl.json"), """
                    {"StartAt": "Hold", "States": {"Hold": {"Type": "Wait", "Seconds": 3600, "End": true}}}""");
            Files.writeString(pipelines.resolve("hourly.pipeline.json"), "{\"schedule\": \"rate(1 hour)\"}");
            Files.writeString(pipelines.resolve("sales.asl.json"), """
                    {"StartAt": "Done", "States": {"Done": {"Type": "Pass", "End": true}}}""");
            Files.writeString(pipelines.resolve("triggers.json"), """
                    {"rules": [{"id": "sales-csv", "store": "local", "bucket": "landing", "prefix": "sales/", "suffix": ".csv",
                                "pipeline": "sales", "partition": {"pattern": "sales/{yyyy}/{MM}/{dd}/"},
                                "input": {"key": "${key}", "size": "${size}", "partition": "${partition}"}}]}""");
            return root;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
