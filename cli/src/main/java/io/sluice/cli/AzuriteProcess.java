package io.sluice.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Azurite (Blob, Queue and Table storage) for {@code sluice invoke --platform azure}: {@code azurite@3.35.0} from the
 * cache the tests install it into ({@code ~/.cache/sluice/azurite-3.35.0}, or {@code SLUICE_AZURITE_HOME}), installed
 * there with npm when missing, run by {@code node} on free loopback ports in memory, and stopped by its process.
 */
final class AzuriteProcess implements AutoCloseable {
    static final String VERSION = "3.35.0";
    private static final String ACCOUNT = "devstoreaccount1";
    // Azurite's well-known development account key (public, documented by Microsoft); it guards nothing.
    private static final String KEY = "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    private final Process process;
    private final int blob;
    private final int queue;
    private final int table;

    private AzuriteProcess(Process process, int blob, int queue, int table) {
        this.process = process;
        this.blob = blob;
        this.queue = queue;
        this.table = table;
    }

    static AzuriteProcess start(Map<String, String> env) throws IOException, InterruptedException {
        Path home = env.containsKey("SLUICE_AZURITE_HOME") ? Path.of(env.get("SLUICE_AZURITE_HOME"))
                : Path.of(System.getProperty("user.home"), ".cache", "sluice", "azurite-" + VERSION);
        Path script = home.resolve("node_modules/azurite/dist/src/azurite.js");
        if (!Files.isRegularFile(script)) {
            Files.createDirectories(home);
            Process npm = new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", home.toString(),
                    "azurite@" + VERSION).inheritIO().start();
            if (!npm.waitFor(10, TimeUnit.MINUTES) || npm.exitValue() != 0 || !Files.isRegularFile(script)) {
                throw new IllegalStateException("could not install azurite@" + VERSION + " with npm into " + home
                        + "; install Node 20 and npm, or set SLUICE_AZURE_STORAGE_CONNECTION_STRING");
            }
        }
        int blob = freePort();
        int queue = freePort();
        int table = freePort();
        Path workspace = Files.createTempDirectory("sluice-azurite-");
        List<String> command = new ArrayList<>(List.of("node", script.toString(), "--inMemoryPersistence", "--skipApiVersionCheck",
                "--disableTelemetry", "--loose", "--blobHost", "127.0.0.1", "--blobPort", "" + blob, "--queueHost", "127.0.0.1",
                "--queuePort", "" + queue, "--tableHost", "127.0.0.1", "--tablePort", "" + table));
        Process process = new ProcessBuilder(command).directory(workspace.toFile()).redirectErrorStream(true)
                .redirectOutput(workspace.resolve("azurite.log").toFile()).start();
        AzuriteProcess azurite = new AzuriteProcess(process, blob, queue, table);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!(listening(blob) && listening(queue) && listening(table))) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                azurite.close();
                throw new IllegalStateException("Azurite did not start; see " + workspace.resolve("azurite.log"));
            }
            Thread.sleep(50); // polling a child process's ports; nothing to wait on instead
        }
        return azurite;
    }

    String connectionString() {
        String base = "http://127.0.0.1:";
        return "DefaultEndpointsProtocol=http;AccountName=" + ACCOUNT + ";AccountKey=" + KEY + ";BlobEndpoint=" + base + blob + "/" + ACCOUNT
                + ";QueueEndpoint=" + base + queue + "/" + ACCOUNT + ";TableEndpoint=" + base + table + "/" + ACCOUNT + ";";
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
