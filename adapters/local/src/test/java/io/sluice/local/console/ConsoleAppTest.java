package io.sluice.local.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.tenant.ApiKeys;
import io.sluice.functions.harness.TaskError;
import io.sluice.local.app.SluiceLocalApplication;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.testkit.postgres.PostgresTestServer;
import io.sluice.testkit.postgres.TestDatabase;
import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The local runtime on a free port with tenants, for the console's tests: tenant {@code team} owns the pipelines of
 * {@code src/test/resources/console-pipelines} (one scheduled and waiting for two others, one invalid), with an operator
 * and a reader key; tenant {@code other} owns {@code secret-pipe}. Two task functions of the test's own fail on purpose.
 * The data functions are on, over a PostgreSQL database of its own (the status table). Its own Redis key prefix and
 * queue prefix; the subclasses share one context.
 */
@SpringBootTest(classes = SluiceLocalApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(ConsoleAppTest.Functions.class)
abstract class ConsoleAppTest {
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    static final String OPERATOR = ApiKeys.generate();
    static final String READER = ApiKeys.generate();
    static final String OTHER = ApiKeys.generate();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) throws IOException {
        registry.add("sluice.redis.url", () -> RedisTestServer.shared().url());
        registry.add("sluice.redis.key-prefix", () -> "sluice-test:console:" + RUN);
        RedisCleanup.deleteOnExit(RedisTestServer.shared().url(), "sluice-test:console:" + RUN);
        registry.add("sluice.queue-prefix", () -> "c" + RUN);
        Path pipelines = pipelines();
        registry.add("sluice.pipelines-dir", pipelines::toString);
        // The data functions on, on a database of the test's own: the status table is PostgreSQL's.
        registry.add("sluice.pg.url", () -> database().jdbcUrl());
        Path data = Files.createDirectories(pipelines.resolveSibling(pipelines.getFileName() + "-data"));
        dataDir = data;
        for (String dir : new String[] {"data-dir", "config-dir", "scripts-dir", "job-runs-dir", "state-dir"}) {
            registry.add("sluice." + dir, () -> data.resolve(dir).toString());
        }
        registry.add("sluice.sfn-api.port", () -> 0);
        registry.add("sluice.triggers.schedules.enabled", () -> false); // shown with next fires, never started
        registry.add("server.tomcat.basedir", () -> "target/tomcat-" + RUN);
    }

    private static TestDatabase database;
    private static Path dataDir;

    /** The run id of the job whose log {@code job-fails.asl.json}'s cause names, as the local job engine forms ids. */
    static final String JOB_RUN = "jr_00000000000000000000000000c0ffee";
    /** That log's location, as the engine reports it: relative to its runs folder's parent. */
    static final String JOB_LOG = "job-runs-dir/runs/" + JOB_RUN + "/log.txt";

    /** Where a job log location (relative to the job runs folder's parent) is in this test's data folder. */
    static Path dataDirFor(String location) {
        return dataDir.resolve(location);
    }

    /** Writes the job log that {@code job-fails} names, as the local job engine keeps one; answers its text. */
    static String jobLog() throws IOException {
        Path log = Files.createDirectories(dataDir.resolve("job-runs-dir/runs/" + JOB_RUN)).resolve("log.txt");
        String text = "job sales-load started\nline 3 of returns.csv: no order id\njob failed\n";
        Files.writeString(log, text);
        return text;
    }

    static synchronized TestDatabase database() {
        if (database == null) {
            database = PostgresTestServer.shared().createDatabase("console_" + RUN); // dropped when the JVM ends
        }
        return database;
    }

    /** The test's task functions: one that fails its first two calls for a key, one that fails its first. */
    @TestConfiguration(proxyBeanMethods = false)
    static class Functions {
        private static final Map<String, Integer> CALLS = new ConcurrentHashMap<>();

        private static Function<JsonNode, JsonNode> failingFirst(int times, String error) {
            return in -> {
                String key = error + "/" + in.path("key").asText();
                int n = CALLS.merge(key, 1, Integer::sum);
                if (n <= times) {
                    throw new TaskError(error, "call " + n + " for " + in.path("key").asText() + " fails on purpose", false);
                }
                return Json.object().put("calls", n);
            };
        }

        @Bean("console-flaky")
        Function<JsonNode, JsonNode> consoleFlaky() {
            return failingFirst(2, "Console.Flaky");
        }

        @Bean("console-once")
        Function<JsonNode, JsonNode> consoleOnce() {
            return failingFirst(1, "Console.Once");
        }
    }

    @Autowired
    StatusStore status;

    /** Status rows as write-status records them: a failed run with its job log, a succeeded one, another tenant's. */
    void statusRows(String partition) {
        Instant t = Instant.parse("2026-11-29T03:00:00Z");
        status.upsert(new StatusRecord("breaks:" + partition + "-a", "breaks", partition, RunState.FAILED, 0, t, t.plusSeconds(42),
                120L, null, "Job.Failed: bad line 3 of returns.csv", "cfg1", "http://127.0.0.1:" + port + "/console/#/executions"));
        status.upsert(new StatusRecord("hello:" + partition + "-b", "hello", partition, RunState.SUCCEEDED, 1, t.plusSeconds(60),
                t.plusSeconds(75), 10L, 10L, null, "cfg2", null));
        status.upsert(new StatusRecord("secret-pipe:" + partition + "-c", "secret-pipe", partition, RunState.SUCCEEDED, 0, t, t, 1L, 1L,
                null, null, null));
    }

    @Autowired
    io.sluice.local.embedded.LocalBackends backends;

    @Autowired
    io.sluice.functions.messaging.QueueNames names;

    /** A message on the orchestrator queue's dead-letter queue, as the queue puts one there: the dlq-handler consumes it. */
    void deadLetter(String executionId, String body) {
        var queue = backends.ports().queue();
        queue.send(queue.deadLetterQueue(names.orchestrator()), new io.sluice.orchestration.port.TaskQueue.OutgoingMessage(body,
                Map.of("executionId", executionId)), java.time.Duration.ZERO);
    }

    static final HttpClient CLIENT = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    HttpResponse<String> get(String path, String key) throws IOException, InterruptedException {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(base() + path)).GET();
        if (key != null) {
            r.header("Authorization", "Bearer " + key);
        }
        return CLIENT.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(String path, String key, String body, String origin) throws IOException, InterruptedException {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(base() + path)).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + key);
        if (origin != null) {
            r.header("Origin", origin);
        }
        return CLIENT.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    String base() {
        return "http://127.0.0.1:" + port;
    }

    static Path pipelines() throws IOException {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "console-pipelines-");
        copy(dir, "hello.asl.json", "showcase.asl.json", "breaks.asl.json", "hold.asl.json", "nightly.asl.json", "nightly.pipeline.json",
                "broken.asl.json", "secret-pipe.asl.json", "rejects.asl.json", "sales-export.config.json", "fan.asl.json",
                "long-wait.asl.json", "records.asl.json", "loop.asl.json",
                "job-fails.asl.json");
        Files.writeString(dir.resolve("tenants.json"), """
                {"tenants": {
                  "team": {"pipelines": ["hello", "showcase", "breaks", "hold", "nightly", "broken", "rejects", "sales-export", "fan", "long-wait",
                                         "records", "loop", "job-fails"],
                           "keys": [{"id": "team-ci", "sha256": "%s", "role": "operator"},
                                    {"id": "team-dashboard", "sha256": "%s", "role": "reader"}]},
                  "other": {"pipelines": ["secret-pipe"], "keys": [{"id": "other-ci", "sha256": "%s", "role": "operator"}]}}}
                """.formatted(ApiKeys.hashHex(OPERATOR), ApiKeys.hashHex(READER), ApiKeys.hashHex(OTHER)));
        // An object rule, shown on the pipelines page beside the schedules.
        Files.writeString(dir.resolve("triggers.json"), """
                {"rules": [{"id": "hello-drops", "bucket": "drops", "prefix": "hello/", "suffix": ".csv", "pipeline": "hello"}]}
                """);
        return dir;
    }

    private static void copy(Path dir, String... names) throws IOException {
        for (String name : names) {
            try (var in = ConsoleAppTest.class.getResourceAsStream("/console-pipelines/" + name)) {
                Files.copy(in, dir.resolve(name));
            }
        }
    }
}
