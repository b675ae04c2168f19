package io.sluice.transfer.export;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.functions.task.Sleeper;
import io.sluice.functions.task.export.PushExport;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Exporter;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisExportLedger;
import io.sluice.redis.RedisTokenBucket;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.testkit.redis.RedisTestServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.redisson.api.RedissonClient;

/**
 * push-export end to end: extracts from the object store, pushed over HTTP (WireMock) and SFTP
 * (in-process SSHD), with the export ledger and rate limit in Redis. A task run twice pushes once.
 */
class PushExportTest {
    /** The platform's own call outside any execution (the local function emulator's). */
    static final TaskContext PLATFORM = TaskContext.outside(IntegrationPattern.REQUEST_RESPONSE, new Owner.Platform(null, null));

    @TempDir
    Path sftpRoot;
    private final String prefix = "sluice-test:export:" + UUID.randomUUID();
    private WireMockServer http;
    private SftpTestServer sftp;
    private SftpExporter sftpExporter;
    private RedissonClient redis;
    private PushExport push;

    @BeforeEach
    void setUp() throws Exception {
        http = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
        http.start();
        http.stubFor(post(urlEqualTo("/inbound")).willReturn(aResponse().withStatus(201)));
        http.stubFor(post(urlPathMatching("/closed")).willReturn(aResponse().withStatus(403).withBody("account suspended")));
        Files.createDirectories(sftpRoot.resolve("drop"));
        sftp = new SftpTestServer(sftpRoot);
        sftpExporter = new SftpExporter(new SftpTarget("127.0.0.1", sftp.port(), SftpTestServer.USER, SftpTestServer.PASSWORD, null,
                sftp.hostKey(), "drop", Duration.ofSeconds(10)), Egress.allowing(Egress.loopback(sftp.port())));
        redis = RedisAdapters.client(RedisTestServer.shared().url());
        InMemoryObjectStore objects = new InMemoryObjectStore();
        objects.put("exports/2026-11-29/orders.csv", "id,amount\n1,10\n".getBytes(StandardCharsets.UTF_8));
        RedisTokenBucket bucket = new RedisTokenBucket(redis, prefix);
        Map<String, Exporter> targets = Map.of(
                "partner-api", new HttpExporter(HttpTarget.post(http.baseUrl() + "/inbound", "partner-api"), Egress.http(Egress.localhost(http.port())),
                        bucket, Clock.systemUTC(), Sleeper.REAL),
                "closed-api", new HttpExporter(HttpTarget.post(http.baseUrl() + "/closed", "closed-api"), Egress.http(Egress.localhost(http.port())),
                        bucket, Clock.systemUTC(), Sleeper.REAL),
                "partner-sftp", sftpExporter);
        push = new PushExport(targets, objects, new RedisExportLedger(redis, prefix), Clock.systemUTC());
    }

    @AfterEach
    void tearDown() throws Exception {
        redis.getKeys().deleteByPattern(prefix + ":*");
        redis.shutdown();
        sftpExporter.close();
        sftp.close();
        http.stop();
    }

    private static JsonNode input(String target) {
        return Json.parse("{\"Target\": \"" + target + "\", \"BatchId\": \"orders-2026-11-29\", "
                + "\"Key\": \"exports/2026-11-29/orders.csv\", \"ContentType\": \"text/csv\"}");
    }

    @Test
    void aTaskRunTwiceOverHttpPushesOnce() {
        JsonNode first = push.apply(input("partner-api"), PLATFORM);
        JsonNode second = push.apply(input("partner-api"), PLATFORM);
        http.verify(1, postRequestedFor(urlEqualTo("/inbound")).withHeader("Idempotency-Key", equalTo("orders-2026-11-29")));
        assertThat(first.get("AlreadyPushed").asBoolean()).isFalse();
        assertThat(second.get("AlreadyPushed").asBoolean()).isTrue();
        assertThat(second.get("Receipt").asText()).isEqualTo(first.get("Receipt").asText()).contains("HTTP 201");
        assertThat(second.get("Bytes").asLong()).isEqualTo(15);
    }

    @Test
    void aTaskRunTwiceOverSftpUploadsOnce() throws Exception {
        push.apply(input("partner-sftp"), PLATFORM);
        JsonNode second = push.apply(input("partner-sftp"), PLATFORM);
        assertThat(second.get("AlreadyPushed").asBoolean()).isTrue();
        assertThat(sftp.renames).hasValue(1);
        assertThat(Files.readString(sftpRoot.resolve("drop/orders.csv"))).isEqualTo("id,amount\n1,10\n");
    }

    @Test
    void aRefusalIsExportRejectedAndNothingIsRecorded() {
        assertThatThrownBy(() -> push.apply(input("closed-api"), PLATFORM)).isInstanceOfSatisfying(TaskError.class, e -> {
            assertThat(e.errorName()).isEqualTo(PushExport.REJECTED);
            assertThat(e.retryable()).isFalse();
            assertThat(e.getMessage()).contains("403", "account suspended");
        });
        assertThat(new RedisExportLedger(redis, prefix).find("closed-api", "orders-2026-11-29")).isEmpty();
    }
}
