package io.sluice.transfer.export;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.testkit.fake.InMemoryConfigStore;
import io.sluice.functions.task.Sleeper;
import io.sluice.functions.task.export.PushExport;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.fake.InMemoryExportLedger;
import io.sluice.testkit.fake.InMemoryRateLimiter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** push-export with targets a pipeline's config describes (as the export pattern's does), picked by name: built from the config, not wired. */
class DescribedTargetsTest {
    @TempDir
    Path dir;
    private WireMockServer http;
    private SftpTestServer sftp;
    private ConfiguredExporters exporters;
    private PushExport push;

    @BeforeEach
    void setUp() throws Exception {
        http = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
        http.start();
        http.stubFor(post(urlEqualTo("/inbound")).willReturn(aResponse().withStatus(201)));
        Files.createDirectories(dir.resolve("sftp/inbound"));
        sftp = new SftpTestServer(dir.resolve("sftp"));
        Path knownHosts = Files.writeString(dir.resolve("known_hosts"),
                "[127.0.0.1]:" + sftp.port() + " " + PublicKeyEntry.toString(sftp.hostKey()) + "\n");
        InMemoryObjectStore objects = new InMemoryObjectStore();
        objects.put("exports/daily/2026-11-29.csv", "id,amount\n1,10\n".getBytes(StandardCharsets.UTF_8));
        exporters = new ConfiguredExporters(ConfiguredExporters.Settings.defaults(knownHosts),
                Egress.allowing(Egress.localhost(http.port()), Egress.loopback(sftp.port()), "127.0.0.2:2222"),
                new InMemoryRateLimiter(), Clock.systemUTC(), Sleeper.REAL);
        push = new PushExport(Map.of(), exporters, configs, objects, new InMemoryExportLedger(), Clock.systemUTC(),
                new ScopedSecrets(name -> java.util.Optional.empty()));
    }

    @AfterEach
    void tearDown() throws Exception {
        exporters.close();
        sftp.close();
        http.stop();
    }

    private final InMemoryConfigStore configs = new InMemoryConfigStore();
    private static final TaskContext RUN = new TaskContext("daily:2026-11-29.0.1.0", "daily:2026-11-29", "Push",
            IntegrationPattern.REQUEST_RESPONSE, null, new Owner.Platform("daily", "daily:2026-11-29"));

    /** Pushes to {@code target}, which the run's pipeline's config describes. */
    private JsonNode push(String target) {
        configs.put("daily.json", "{\"pipeline\": \"daily\", \"targets\": [" + target + "]}");
        ObjectNode in = Json.object().put("Target", Json.parse(target).get("name").asText())
                .put("BatchId", "daily:2026-11-29/" + Json.parse(target).get("name").asText())
                .put("Key", "exports/daily/2026-11-29.csv").put("Name", "daily-2026-11-29.csv").put("ContentType", "text/csv");
        return push.apply(in, RUN);
    }

    @Test
    void anHttpTargetGetsTheExtractWithItsTokenAsBearer() {
        JsonNode out = push("""
                {"name": "partner-api", "kind": "http", "endpoint": "%s/inbound", "source": "exports/daily/",
                 "credentials": "tok-123", "rateLimitPerSecond": 5}""".formatted(http.baseUrl()));
        assertThat(out.get("Target").asText()).isEqualTo("partner-api");
        http.verify(1, postRequestedFor(urlEqualTo("/inbound")).withHeader("Authorization", equalTo("Bearer tok-123"))
                .withHeader("Idempotency-Key", equalTo("daily:2026-11-29/partner-api")));
    }

    @Test
    void anSftpTargetUploadsUnderItsNameAfterCheckingTheHostKey() throws Exception {
        String target = """
                {"name": "partner-sftp", "kind": "sftp", "endpoint": "sftp://%s@127.0.0.1:%d/inbound", "source": "exports/daily/",
                 "credentials": "%s"}""".formatted(SftpTestServer.USER, sftp.port(), SftpTestServer.PASSWORD);
        push(target);
        assertThat(push(target).get("AlreadyPushed").asBoolean()).isTrue();
        assertThat(Files.readString(dir.resolve("sftp/inbound/daily-2026-11-29.csv"))).isEqualTo("id,amount\n1,10\n");
        assertThat(sftp.renames).hasValue(1);
    }

    @Test
    void aTargetThatCannotBeServedIsInvalidInputNamingWhy() {
        assertThatThrownBy(() -> push("""
                {"name": "ftp", "kind": "ftp", "endpoint": "ftp://x", "source": "exports/daily/"}""")).isInstanceOfSatisfying(TaskError.class, e -> {
                    assertThat(e.errorName()).isEqualTo(PushExport.INVALID_INPUT);
                    assertThat(e.getMessage()).contains("kind 'ftp' is neither http nor sftp");
                });
        assertThatThrownBy(() -> push("""
                {"name": "unknown-host", "kind": "sftp", "endpoint": "sftp://u@127.0.0.2:2222/in", "source": "exports/daily/", "credentials": "p"}"""))
                .hasMessageContaining("has no key for 127.0.0.2:2222");
        assertThatThrownBy(() -> push("""
                {"name": "unresolved", "kind": "http", "endpoint": "http://x/", "source": "exports/daily/", "credentials": {"secret": "t"}}"""))
                .hasMessageContaining("secret 't' does not exist");
    }
}
