package io.sluice.transfer.export;

import io.sluice.orchestration.port.Exporter;
import io.sluice.orchestration.port.Exporter.Export;
import io.sluice.testkit.contract.ExporterContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** The Exporter contract on the SFTP exporter against an in-process SSHD server. */
class SftpExporterTest extends ExporterContract {
    @TempDir
    Path root;
    private SftpTestServer server;
    private SftpExporter exporter;

    @Override
    protected Exporter createExporter() {
        try {
            Files.createDirectories(root.resolve("inbound"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server = new SftpTestServer(root);
        exporter = new SftpExporter(new SftpTarget("127.0.0.1", server.port(), SftpTestServer.USER, SftpTestServer.PASSWORD, null,
                server.hostKey(), "inbound", Duration.ofSeconds(10)), Egress.allowing(Egress.loopback(server.port())));
        return exporter;
    }

    @Override
    protected List<byte[]> landed(Export export) {
        Path file = root.resolve("inbound").resolve(export.name());
        try {
            try (var listing = Files.list(root.resolve("inbound"))) {
                if (listing.anyMatch(p -> p.getFileName().toString().endsWith(".part"))) {
                    throw new AssertionError("a temporary upload was left behind in " + root.resolve("inbound"));
                }
            }
            return Files.exists(file) ? List.of(Files.readAllBytes(file)) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterEach
    void stop() throws IOException {
        exporter.close();
        server.close();
    }
}
