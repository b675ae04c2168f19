package io.sluice.aws.invoke;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.aws.SluiceAwsApplication;
import io.sluice.stubs.aws.FiringSchedules;
import io.sluice.stubs.aws.SchedulerStub;
import io.sluice.orchestration.json.Json;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.redisson.api.options.KeysScanOptions;

/**
 * Every recorded event of {@code examples/events/aws} through {@link LocalInvoke} (the real Lambda handler, a fresh
 * Sluice application per invocation, as each Lambda instance starts one), in the order {@code events.json} lists
 * them, on one deployment: real Redis and ElasticMQ, the bundle of {@code examples/events/aws/bundle}. Glue cannot run
 * here: its client points at a closed loopback port, and the Glue event names a run no task started, which the
 * handler must answer without calling Glue.
 */
class RecordedAwsEventsTest {
    static final Path EVENTS = Path.of("../../examples/events/aws").toAbsolutePath().normalize();
    private static final String KEY_PREFIX = "sluice-rec-" + UUID.randomUUID().toString().substring(0, 8);
    private static final Map<String, String> SAVED = new HashMap<>();
    private static ElasticMqServer sqs;
    private static SchedulerStub scheduler;
    private static RedisAdapters redis;

    @BeforeAll
    static void oneDeployment() {
        sqs = ElasticMqServer.start();
        // scheduled-start checks each fire against its schedule: the deployment's group "sluice" holds hello's, on a stub
        // of EventBridge Scheduler (nothing serves Scheduler here).
        scheduler = new SchedulerStub();
        FiringSchedules schedules = new FiringSchedules(scheduler, "sluice");
        schedules.schedule("hello");
        schedules.properties().forEach(RecordedAwsEventsTest::set);
        String redisUrl = RedisTestServer.shared().url();
        redis = RedisAdapters.open(SluiceRedisProperties.of(redisUrl).withKeyPrefix(KEY_PREFIX));
        Path bundle = EVENTS.resolve("bundle/pipelines");
        set("sluice.redis-url", redisUrl);
        set("sluice.redis-key-prefix", KEY_PREFIX);
        set("sluice.sqs-endpoint", sqs.endpoint().toString());
        // The events' queue ARNs name a deployment called "sluice", as the Terraform module names its queues.
        set("sluice.queue-prefix", "sluice");
        set("sluice.region", ElasticMqServer.REGION);
        set("sluice.triggers.pipelines", "file:" + bundle + "/*.asl.json");
        set("sluice.triggers.rules", "file:" + bundle.resolve("triggers.json"));
        set("sluice.api.tenants", "file:" + bundle.resolve("tenants.json"));
        set("sluice.api.allowed-hosts", "abc123def4.execute-api.eu-west-1.amazonaws.com");
        set("sluice.glue.enabled", "true");
        set("sluice.aws-endpoint", "http://127.0.0.1:9");
        set("spring.main.banner-mode", "off");
    }

    @AfterAll
    static void cleanUp() {
        SAVED.forEach((k, v) -> {
            if (v == null) System.clearProperty(k);
            else System.setProperty(k, v);
        });
        System.clearProperty("spring.cloud.function.definition");
        if (redis != null) {
            List<String> keys = new ArrayList<>();
            redis.redisson().getKeys().getKeys(KeysScanOptions.defaults().pattern(KEY_PREFIX + ":*")).forEach(keys::add);
            if (!keys.isEmpty()) redis.redisson().getKeys().delete(keys.toArray(String[]::new));
            redis.close();
        }
        if (sqs != null) sqs.close();
        if (scheduler != null) scheduler.close();
    }

    static Stream<Arguments> cases() throws IOException {
        List<Arguments> cases = new ArrayList<>();
        for (JsonNode c : manifest().path("cases")) {
            cases.add(Arguments.of(c.path("event").asText(), c.path("function").asText(), c.path("expect"), c.path("then")));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{1} <- {0}")
    @MethodSource("cases")
    void theEventGetsTheResponseItsFunctionGives(String event, String function, JsonNode expect, JsonNode then) throws IOException {
        // Each function with the MAIN_CLASS its Lambda is deployed with (the orchestrator's is the lean one).
        set("MAIN_CLASS", SluiceAwsApplication.mainClassOf(function));
        byte[] response = LocalInvoke.invoke(function, Files.readAllBytes(EVENTS.resolve(event)));

        JsonNode answer = Json.parse(new String(response, StandardCharsets.UTF_8));
        System.out.println("recorded event " + event + " -> " + function + ": " + Json.write(answer));
        assertContains(answer, expect, "");
        if (then.has("execution")) {
            String state = redis.executionStore().load(then.path("execution").asText()).orElseThrow().state();
            assertThat(Json.parse(state).path("status").asText()).as(then.path("execution").asText())
                    .isEqualTo(then.path("status").asText());
        }
    }

    @Test
    void everyEventOfTheFolderIsInTheManifest() throws IOException {
        Set<String> listed = new TreeSet<>();
        manifest().path("cases").forEach(c -> listed.add(c.path("event").asText()));
        Set<String> files = new TreeSet<>();
        try (Stream<Path> list = Files.list(EVENTS)) {
            list.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json") && !n.equals("events.json")).forEach(files::add);
        }
        assertThat(listed).isEqualTo(files);
    }

    /** Every field of {@code expected} is in {@code actual} with that value; a JSON body given as text is compared as JSON. */
    static void assertContains(JsonNode actual, JsonNode expected, String path) {
        if (expected.isObject()) {
            JsonNode a = actual.isTextual() && actual.asText().startsWith("{") ? Json.parse(actual.asText()) : actual;
            for (Iterator<Map.Entry<String, JsonNode>> it = expected.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                assertThat(a.has(e.getKey())).as(path + "/" + e.getKey() + " in " + a).isTrue();
                assertContains(a.get(e.getKey()), e.getValue(), path + "/" + e.getKey());
            }
        } else {
            assertThat(actual).as(path).isEqualTo(expected);
        }
    }

    private static JsonNode manifest() throws IOException {
        return Json.parse(Files.readString(EVENTS.resolve("events.json")));
    }

    private static void set(String key, String value) {
        SAVED.putIfAbsent(key, System.getProperty(key));
        System.setProperty(key, value);
    }
}
