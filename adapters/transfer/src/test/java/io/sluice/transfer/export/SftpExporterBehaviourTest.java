package io.sluice.transfer.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.Exporter.Delivery;
import io.sluice.orchestration.port.Exporter.Export;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the SFTP exporter does beyond the contract: repeats, name clashes, host keys, bad credentials. */
class SftpExporterBehaviourTest {
    @TempDir
    Path root;
    SftpTestServer server;

    @BeforeEach
    void start() throws Exception {
        Files.createDirectories(root.resolve("inbound"));
        server = new SftpTestServer(root);
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    private SftpExporter exporter(String password, java.security.PublicKey hostKey) {
        return new SftpExporter(new SftpTarget("127.0.0.1", server.port(), SftpTestServer.USER, password, null, hostKey, "inbound",
                Duration.ofSeconds(10)), Egress.allowing(Egress.loopback(server.port())));
    }

    private static Export export(String batch, String content) {
        return new Export(batch, "orders-2026-11-29.csv", "text/csv", content.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aRepeatedPushFindsItsFileAndUploadsNothing() {
        try (SftpExporter e = exporter(SftpTestServer.PASSWORD, server.hostKey())) {
            assertThat(e.deliver(export("b1", "a,b\n"))).isInstanceOf(Delivery.Delivered.class);
            assertThat(e.deliver(export("b1", "a,b\n"))).isInstanceOfSatisfying(Delivery.Delivered.class,
                    d -> assertThat(d.receipt()).contains("already there"));
        }
        assertThat(server.renames).hasValue(1);
    }

    @Test
    void aDifferentFileUnderTheSameNameIsNotOverwritten() throws Exception {
        try (SftpExporter e = exporter(SftpTestServer.PASSWORD, server.hostKey())) {
            e.deliver(export("b1", "first\n"));
            assertThat(e.deliver(export("b2", "second\n"))).isInstanceOfSatisfying(Delivery.Rejected.class,
                    r -> assertThat(r.reason()).contains("A different file"));
        }
        assertThat(Files.readString(root.resolve("inbound/orders-2026-11-29.csv"))).isEqualTo("first\n");
    }

    @Test
    void anUnexpectedHostKeyOrAWrongPasswordSendsNothing() throws Exception {
        var otherKey = KeyPairGenerator.getInstance("EC").generateKeyPair().getPublic();
        try (SftpExporter e = exporter(SftpTestServer.PASSWORD, otherKey)) {
            assertThat(e.deliver(export("b1", "x"))).isInstanceOf(Delivery.Failed.class);
        }
        try (SftpExporter e = exporter("wrong", server.hostKey())) {
            assertThat(e.deliver(export("b1", "x"))).isInstanceOf(Delivery.Failed.class);
        }
        assertThat(root.resolve("inbound/orders-2026-11-29.csv")).doesNotExist();
    }
}
