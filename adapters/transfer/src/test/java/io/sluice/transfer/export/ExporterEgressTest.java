package io.sluice.transfer.export;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.sluice.functions.egress.OutboundHttp;
import io.sluice.functions.egress.OutboundPolicy;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.testkit.fake.InMemoryConfigStore;
import io.sluice.functions.task.Sleeper;
import io.sluice.functions.task.export.ExportTargets.Target;
import io.sluice.functions.task.export.PushExport;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.Exporter.Delivery;
import io.sluice.orchestration.port.Exporter.Export;
import io.sluice.testkit.fake.InMemoryExportLedger;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.testkit.fake.InMemoryRateLimiter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Push-export targets leave the runtime only where the outbound policy allows, HTTP and SFTP, named and described:
 * a partner's server on loopback (real WireMock and MINA SSHD servers here) is reached only by an allow-list entry
 * naming its address, and a name that resolves there at connect time is refused before a byte is sent.
 */
class ExporterEgressTest {
    private static final Export EXPORT = new Export("orders-2026-11-29", "orders.csv", "text/csv", "id\n1\n".getBytes(StandardCharsets.UTF_8));

    @TempDir
    Path dir;
    private WireMockServer http;
    private SftpTestServer sftp;

    @BeforeEach
    void setUp() throws Exception {
        http = new WireMockServer(WireMockConfiguration.options().bindAddress("127.0.0.1").dynamicPort());
        http.start();
        http.stubFor(post(anyUrl()).willReturn(aResponse().withStatus(201)));
        Files.createDirectories(dir.resolve("sftp/inbound"));
        sftp = new SftpTestServer(dir.resolve("sftp"));
    }

    @AfterEach
    void tearDown() throws Exception {
        sftp.close();
        http.stop();
    }

    /** A DNS seam: every name it knows resolves to loopback, and each lookup is counted. */
    private static final class LoopbackNames implements OutboundPolicy.Resolver {
        final List<String> lookups = new ArrayList<>();

        @Override
        public synchronized InetAddress[] resolve(String host) throws UnknownHostException {
            lookups.add(host);
            return new InetAddress[]{InetAddress.getByAddress(host, new byte[]{127, 0, 0, 1})};
        }
    }

    private static ConfiguredExporters configured(OutboundPolicy policy, Path knownHosts) {
        return new ConfiguredExporters(ConfiguredExporters.Settings.defaults(knownHosts), policy, new InMemoryRateLimiter(),
                Clock.systemUTC(), Sleeper.REAL);
    }

    private static void assertRefused(TaskError e, String... mentions) {
        assertThat(e).isNotNull();
        assertThat(e.errorName()).isEqualTo(OutboundPolicy.HOST_NOT_ALLOWED);
        assertThat(e.retryable()).isFalse();
        assertThat(e.getMessage()).contains(OutboundPolicy.SETTING).contains(mentions);
    }

    private void assertNothingArrived() {
        http.verify(0, anyRequestedFor(anyUrl()));
        assertThat(sftp.sessions).hasValue(0);
    }

    @Test
    void describedTargetsOnLoopbackMetadataPrivateAndMappedAddressesAreRefusedUnlessAllowListed() {
        try (ConfiguredExporters exporters = configured(Egress.allowing("partner.example.com"), null)) {
            Map<String, String> endpoints = Map.ofEntries(
                    Map.entry("loop", "http://127.0.0.1:" + http.port() + "/in"),
                    Map.entry("name", "http://localhost:" + http.port() + "/in"),
                    Map.entry("meta", "http://169.254.169.254/latest/meta-data/iam"),
                    Map.entry("ten", "https://10.0.0.1/in"),
                    Map.entry("six", "http://[::1]:" + http.port() + "/in"),
                    Map.entry("mapped", "http://[::ffff:127.0.0.1]:" + http.port() + "/in"),
                    Map.entry("loop-sftp", "sftp://" + SftpTestServer.USER + "@127.0.0.1:" + sftp.port() + "/inbound"),
                    Map.entry("name-sftp", "sftp://" + SftpTestServer.USER + "@localhost:" + sftp.port() + "/inbound"),
                    Map.entry("meta-sftp", "sftp://u@169.254.169.254/inbound"),
                    Map.entry("ten-sftp", "sftp://u@10.0.0.1/inbound"),
                    Map.entry("six-sftp", "sftp://u@[::1]:" + sftp.port() + "/inbound"),
                    Map.entry("mapped-sftp", "sftp://u@[::ffff:127.0.0.1]:" + sftp.port() + "/inbound"));
            endpoints.forEach((name, endpoint) -> {
                String kind = endpoint.startsWith("sftp") ? "sftp" : "http";
                TaskError e = catchThrowableOfType(TaskError.class, () -> exporters.exporter(
                        new Target(name, kind, endpoint, SftpTestServer.PASSWORD, null)).deliver(EXPORT));
                assertRefused(e, "push-export target '" + name + "'");
            });
        }
        assertNothingArrived();
    }

    @Test
    void httpExportTargetsOnAServerlessPlatformAreHeldToThePolicyToo() {
        HttpExportTargets targets = new HttpExportTargets("AWS Lambda", Egress.allowing("*.partner.test"), new InMemoryRateLimiter(),
                Clock.systemUTC(), d -> { });
        for (String endpoint : List.of("http://169.254.169.254/latest/meta-data/", "http://127.0.0.1:" + http.port() + "/in",
                "http://[fd00:ec2::254]/latest/meta-data/")) {
            assertRefused(catchThrowableOfType(TaskError.class, () -> targets.exporter(new Target("partner", "http", endpoint, null, null))),
                    "push-export target 'partner'");
        }
        assertNothingArrived();
    }

    @Test
    void anAllowedNameThatResolvesToLoopbackAtConnectTimeIsRefusedForBothKinds() throws Exception {
        LoopbackNames dns = new LoopbackNames();
        OutboundPolicy policy = Egress.allowing("*.partner.test").withResolver(dns);
        // Named targets, wired as exporters
        HttpExporter api = new HttpExporter(HttpTarget.post("http://api.partner.test:" + http.port() + "/in", "partner"),
                new OutboundHttp(policy, "push-export", Duration.ofSeconds(5)), new InMemoryRateLimiter(), Clock.systemUTC(), d -> { });
        assertRefused(catchThrowableOfType(TaskError.class, () -> api.deliver(EXPORT)), "api.partner.test:" + http.port(), "127.0.0.1");
        try (SftpExporter files = new SftpExporter(new SftpTarget("files.partner.test", sftp.port(), SftpTestServer.USER,
                SftpTestServer.PASSWORD, null, sftp.hostKey(), "inbound", Duration.ofSeconds(5)), policy)) {
            assertRefused(catchThrowableOfType(TaskError.class, () -> files.deliver(EXPORT)), "files.partner.test:" + sftp.port(), "127.0.0.1");
        }
        // Described targets, through push-export: the refusal is the task's error
        try (ConfiguredExporters exporters = configured(policy, null)) {
            InMemoryObjectStore objects = new InMemoryObjectStore();
            objects.put("exports/orders.csv", EXPORT.content());
            InMemoryConfigStore configs = new InMemoryConfigStore();
            PushExport push = new PushExport(Map.of(), exporters, configs, objects, new InMemoryExportLedger(), Clock.systemUTC(),
                    new ScopedSecrets(name -> java.util.Optional.empty()));
            TaskContext run = new TaskContext("orders:run.0.1.0", "orders:run", "Push", IntegrationPattern.REQUEST_RESPONSE, null,
                    new Owner.Platform("orders", "orders:run"));
            for (String endpoint : List.of("http://api.partner.test:" + http.port() + "/in",
                    "sftp://" + SftpTestServer.USER + "@files.partner.test:" + sftp.port() + "/inbound")) {
                ObjectNode target = Json.object().put("name", "partner").put("kind", endpoint.substring(0, endpoint.indexOf(':')))
                        .put("endpoint", endpoint).put("source", "exports/").put("credentials", SftpTestServer.PASSWORD);
                configs.put("orders.json", "{\"targets\": [" + Json.write(target) + "]}");
                ObjectNode input = Json.object().put("Target", "partner").put("BatchId", "orders/2026-11-29").put("Key", "exports/orders.csv");
                assertRefused(catchThrowableOfType(TaskError.class, () -> push.apply(input, run)), "127.0.0.1");
            }
        }
        assertThat(dns.lookups).containsOnly("api.partner.test", "files.partner.test");
        assertNothingArrived();
    }

    @Test
    void allowListedLoopbackTargetsStillDeliverOverTheCheckedAddressWithTheHostKeyOfTheirName() throws Exception {
        LoopbackNames dns = new LoopbackNames();
        Path knownHosts = Files.writeString(dir.resolve("known_hosts"),
                "[localhost]:" + sftp.port() + " " + PublicKeyEntry.toString(sftp.hostKey()) + "\n");
        OutboundPolicy policy = Egress.allowing(Egress.loopback(http.port()), "localhost:" + sftp.port()).withResolver(dns);
        try (ConfiguredExporters exporters = configured(policy, knownHosts)) {
            Delivery api = exporters.exporter(new Target("partner-api", "http", "http://127.0.0.1:" + http.port() + "/inbound", "tok", null))
                    .deliver(EXPORT);
            assertThat(api).isInstanceOf(Delivery.Delivered.class);
            http.verify(1, postRequestedFor(urlEqualTo("/inbound")));
            Delivery files = exporters.exporter(new Target("partner-sftp", "sftp",
                    "sftp://" + SftpTestServer.USER + "@localhost:" + sftp.port() + "/inbound", SftpTestServer.PASSWORD, null)).deliver(EXPORT);
            assertThat(files).isInstanceOf(Delivery.Delivered.class);
            assertThat(Files.readString(dir.resolve("sftp/inbound/orders.csv"))).isEqualTo("id\n1\n");
        }
        // 127.0.0.1 is a literal (the seam is asked, and its answer for a literal is the literal); localhost once, for its one connection
        assertThat(dns.lookups).containsExactly("127.0.0.1", "localhost");
        assertThat(sftp.sessions).hasValue(1);
    }

    @Test
    void anSftpServerWithAnotherKeyThanItsNamesIsStillRefused() throws Exception {
        Path knownHosts = Files.writeString(dir.resolve("known_hosts"), "[localhost]:" + sftp.port() + " "
                + PublicKeyEntry.toString(org.apache.sshd.common.util.security.SecurityUtils.getKeyPairGenerator("EC").generateKeyPair().getPublic()) + "\n");
        OutboundPolicy policy = Egress.allowing("localhost:" + sftp.port()).withResolver(new LoopbackNames());
        try (ConfiguredExporters exporters = configured(policy, knownHosts)) {
            Delivery files = exporters.exporter(new Target("partner-sftp", "sftp",
                    "sftp://" + SftpTestServer.USER + "@localhost:" + sftp.port() + "/inbound", SftpTestServer.PASSWORD, null)).deliver(EXPORT);
            assertThat(files).isInstanceOf(Delivery.Failed.class);
        }
        assertThat(Files.exists(dir.resolve("sftp/inbound/orders.csv"))).isFalse();
    }
}
