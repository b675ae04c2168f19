package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Publisher;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisTopics;
import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The execution events of the local runtime as CloudEvents, delivered to a webhook (a real HTTP server, WireMock)
 * and to the local topic (a Redis stream of the real server): started and succeeded for a run that succeeds,
 * retried and failed for one that fails after its retry, blocked and released for one a block rule holds until
 * it lapses.
 */
@SpringBootTest(classes = SluiceLocalApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ExecutionEventsAppTest {
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static final String PREFIX = "sluice-test:events:" + RUN;
    private static final String TOPIC = "execution-events";
    private static final WireMockServer WEBHOOK = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        WEBHOOK.start();
        WEBHOOK.stubFor(WireMock.post("/events").willReturn(WireMock.aResponse().withStatus(204)));
        registry.add("sluice.redis.url", () -> RedisTestServer.shared().url());
        registry.add("sluice.redis.key-prefix", () -> PREFIX);
        RedisCleanup.deleteOnExit(RedisTestServer.shared().url(), PREFIX);
        registry.add("sluice.queue-prefix", () -> "ev" + RUN);
        registry.add("sluice.pipelines-dir", () -> pipelines().toString());
        registry.add("sluice.data-functions", () -> false);
        registry.add("server.tomcat.basedir", () -> "target/tomcat-" + RUN);
        registry.add("sluice.sfn-api.port", () -> 0);
        registry.add("sluice.events.webhook-url", () -> WEBHOOK.baseUrl() + "/events");
        registry.add("sluice.events.topic", () -> TOPIC);
        registry.add("sluice.events.backoff", () -> "1ms");
    }

    @AfterAll
    static void stopWebhook() {
        WEBHOOK.stop();
    }

    private static Path pipelines() {
        try {
            Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target")), "event-pipelines-");
            Files.writeString(dir.resolve("ev-ok.asl.json"), """
                    {"StartAt": "Echo", "States": {"Echo": {"Type": "Task", "Resource": "sluice:function:echo", "End": true}}}""");
            Files.writeString(dir.resolve("ev-fail.asl.json"), """
                    {"StartAt": "Fail", "States": {"Fail": {"Type": "Task", "Resource": "sluice:function:fail",
                     "Retry": [{"ErrorEquals": ["States.ALL"], "IntervalSeconds": 1, "MaxAttempts": 1}], "End": true}}}""");
            Files.writeString(dir.resolve("ev-held.asl.json"), """
                    {"StartAt": "Echo", "States": {"Echo": {"Type": "Task", "Resource": "sluice:function:echo", "End": true}}}""");
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Http http() {
        return new Http("http://127.0.0.1:" + port);
    }

    private static List<JsonNode> webhookEvents(String executionId) {
        List<JsonNode> out = new ArrayList<>();
        for (LoggedRequest r : WEBHOOK.findAll(WireMock.postRequestedFor(WireMock.urlEqualTo("/events")))) {
            JsonNode e = Json.parse(r.getBodyAsString());
            if (executionId.equals(e.path("subject").asText())) {
                out.add(e);
            }
        }
        return out;
    }

    private static List<String> types(List<JsonNode> events) {
        return events.stream().map(e -> e.get("type").asText()).distinct().toList();
    }

    private String start(String pipeline, String partition) {
        Http.Response r = http().post("/v1/pipelines/" + pipeline + "/executions", "{\"partition\": \"" + partition + "\"}");
        assertThat(r.status()).as(r.detail()).isEqualTo(201);
        return r.body().get("executionId").asText();
    }

    @Test
    void aSucceededRunIsStartedThenSucceededAsCloudEventsOnTheWebhookAndTheTopic() {
        String id = start("ev-ok", "2026-11-29");
        await().atMost(Duration.ofSeconds(20)).until(() -> types(webhookEvents(id)).contains("io.sluice.execution.succeeded"));
        List<JsonNode> events = webhookEvents(id);
        assertThat(types(events)).containsExactly("io.sluice.execution.started", "io.sluice.execution.succeeded");
        JsonNode done = events.stream().filter(e -> e.get("type").asText().endsWith("succeeded")).findFirst().orElseThrow();
        assertThat(done.get("specversion").asText()).isEqualTo("1.0");
        assertThat(done.get("source").asText()).isEqualTo("/sluice/local/pipelines/ev-ok");
        assertThat(done.get("datacontenttype").asText()).isEqualTo("application/json");
        assertThat(Instant.parse(done.get("time").asText())).isBefore(Instant.now().plusSeconds(1));
        JsonNode data = done.get("data");
        assertThat(data.get("pipeline").asText()).isEqualTo("ev-ok");
        assertThat(data.get("executionId").asText()).isEqualTo(id);
        assertThat(data.get("partition").asText()).isEqualTo("2026-11-29");
        assertThat(data.get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(data.get("tenant").isNull()).isTrue();
        assertThat(data.get("error").isNull()).isTrue();
        WEBHOOK.verify(WireMock.postRequestedFor(WireMock.urlEqualTo("/events"))
                .withHeader("Content-Type", WireMock.containing("application/cloudevents+json")));

        RedissonClient redis = RedisAdapters.client(RedisTestServer.shared().url());
        try {
            RedisTopics topics = new RedisTopics(redis, PREFIX);
            await().atMost(Duration.ofSeconds(10)).until(() -> topicTypes(topics, id).size() == 2);
            assertThat(topicTypes(topics, id)).containsExactly("io.sluice.execution.started", "io.sluice.execution.succeeded");
        } finally {
            redis.shutdown();
        }
    }

    private static List<String> topicTypes(RedisTopics topics, String executionId) {
        return topics.read("", new Publisher.Target(Publisher.Target.Kind.TOPIC, TOPIC), null, 1000).stream()
                .map(d -> Json.parse(d.message().body())).filter(e -> executionId.equals(e.path("subject").asText()))
                .map(e -> e.get("type").asText()).toList();
    }

    @Test
    void aRetriedThenFailedRunSaysSoWithItsError() {
        String id = start("ev-fail", "2026-11-30");
        await().atMost(Duration.ofSeconds(20)).until(() -> types(webhookEvents(id)).contains("io.sluice.execution.failed"));
        List<JsonNode> events = webhookEvents(id);
        assertThat(types(events)).containsExactly("io.sluice.execution.started", "io.sluice.execution.retried",
                "io.sluice.execution.failed");
        JsonNode retried = events.get(1).get("data");
        assertThat(retried.get("state").asText()).isEqualTo("Fail");
        assertThat(retried.get("retry").asInt()).isEqualTo(1);
        assertThat(retried.get("error").asText()).isEqualTo("Demo.Failed");
        JsonNode failed = events.get(2).get("data");
        assertThat(failed.get("status").asText()).isEqualTo("FAILED");
        assertThat(failed.get("error").asText()).isEqualTo("Demo.Failed");
    }

    @Test
    void aRunABlockRuleHoldsIsBlockedThenReleasedWhenTheRuleLapses() {
        String until = Instant.now().plusSeconds(3).toString();
        Http.Response rule = http().post("/v1/rules", """
                {"id": "ev-hold-%s", "effect": "block", "pipeline": "ev-held", "until": "%s", "reason": "bad feed"}"""
                .formatted(RUN, until));
        assertThat(rule.status()).as(rule.detail()).isEqualTo(201);
        String id = start("ev-held", "2026-12-01");
        await().atMost(Duration.ofSeconds(30)).until(() -> types(webhookEvents(id)).contains("io.sluice.execution.succeeded"));
        List<JsonNode> events = webhookEvents(id);
        assertThat(types(events)).containsExactly("io.sluice.execution.started", "io.sluice.execution.blocked",
                "io.sluice.execution.released", "io.sluice.execution.succeeded");
        JsonNode blocked = events.stream().filter(e -> e.get("type").asText().endsWith("blocked")).findFirst().orElseThrow().get("data");
        assertThat(blocked.get("cause").asText()).contains("ev-hold-" + RUN).contains("bad feed");
        assertThat(blocked.get("partition").asText()).isEqualTo("2026-12-01");
        assertThat(blocked.get("state").asText()).isEqualTo("Echo");
    }
}
