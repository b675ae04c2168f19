package io.sluice.testkit.azure;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Azurite (the Azure Storage emulator: Blob, Queue and Table) in a {@code node} process of its own, on
 * free loopback ports, for tests.
 *
 * <p>Azurite {@value #VERSION} (the last release that runs on Node 20 without complaint) is installed with
 * {@code npm} into a cache folder the first time it is needed, so a clean clone needs nothing but Node and
 * npm: {@code $SLUICE_AZURITE_HOME}, else {@code ~/.cache/sluice/azurite-<version>}. Two JVMs installing at
 * once take turns (a file lock) and each install lands by an atomic rename, so no one sees half a folder.
 *
 * <p>It runs with {@code --inMemoryPersistence --skipApiVersionCheck --disableTelemetry} (current SDKs send
 * API versions newer than Azurite knows) and port 0 for each service; the ports are read from Azurite's
 * "listening at" lines, and a TCP connect to each proves it answers. {@link #shared()} starts one per JVM,
 * stopped (by the PID of the process started here, nothing else) when the JVM exits; tests keep apart by
 * using their own container, table and queue names.
 *
 * <p>Without {@code node} or {@code npm} on the PATH the calling test is skipped with an assumption that
 * says so, unless {@code CI=true}: CI must not skip these tests silently, so there it fails.
 */
public final class AzuriteServer implements AutoCloseable {
    public static final String VERSION = "3.35.0";
    /** The emulator's well-known account (the same on every machine; it protects nothing). */
    public static final String ACCOUNT = "devstoreaccount1";
    public static final String ACCOUNT_KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";
    private static final String HOST = "127.0.0.1";
    private static final Pattern LISTENING = Pattern.compile("Azurite (Blob|Queue|Table) service is successfully listening at https?://[^:]+:(\\d+)");
    private static final long START_TIMEOUT_SECONDS = 120;
    private static final long INSTALL_TIMEOUT_MINUTES = 10;

    private static AzuriteServer shared;

    private final Process process;
    private final int blobPort;
    private final int queuePort;
    private final int tablePort;

    private AzuriteServer(Process process, int blobPort, int queuePort, int tablePort) {
        this.process = process;
        this.blobPort = blobPort;
        this.queuePort = queuePort;
        this.tablePort = tablePort;
    }

    /** The server every test of this JVM shares: started on first use, stopped at JVM exit. Skips the test where it cannot run (see the class comment). */
    public static synchronized AzuriteServer shared() {
        if (shared == null) {
            AzuriteServer server = start();
            Runtime.getRuntime().addShutdownHook(new Thread(server::close, "azurite-stop"));
            shared = server;
            System.err.println("Tests use " + server);
        }
        return shared;
    }

    /** A server of its own; the caller closes it. */
    public static AzuriteServer start() {
        Path node = executable("node");
        Path npm = executable("npm");
        if (node == null || npm == null) {
            String why = "Azurite needs node and npm on the PATH (Node 20; Azurite " + VERSION + " is installed with npm), and "
                    + (node == null ? "node" : "npm") + " is not there";
            io.sluice.testkit.Requires.tool(false, () -> why);
        }
        Path script = installed(npm);
        return launch(node, script);
    }

    /** A connection string for the Blob, Queue and Table services of this server. */
    public String connectionString() {
        return "DefaultEndpointsProtocol=http;AccountName=" + ACCOUNT + ";AccountKey=" + ACCOUNT_KEY
                + ";BlobEndpoint=" + blobEndpoint() + ";QueueEndpoint=" + queueEndpoint() + ";TableEndpoint=" + tableEndpoint() + ";";
    }

    public String blobEndpoint() {
        return "http://" + HOST + ":" + blobPort + "/" + ACCOUNT;
    }

    public String queueEndpoint() {
        return "http://" + HOST + ":" + queuePort + "/" + ACCOUNT;
    }

    public String tableEndpoint() {
        return "http://" + HOST + ":" + tablePort + "/" + ACCOUNT;
    }

    /** Stops the node process this server started (SIGTERM, then SIGKILL if it lingers). */
    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
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

    @Override
    public String toString() {
        return "Azurite " + VERSION + " (pid " + process.pid() + ") blob " + blobPort + ", queue " + queuePort + ", table " + tablePort;
    }

    // ---- installing -----------------------------------------------------------------------

    static Path home() {
        String configured = System.getenv("SLUICE_AZURITE_HOME");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        return Path.of(System.getProperty("user.home"), ".cache", "sluice", "azurite-" + VERSION);
    }

    private static Path scriptIn(Path home) {
        return home.resolve("node_modules").resolve("azurite").resolve("dist").resolve("src").resolve("azurite.js");
    }

    private static Path installed(Path npm) {
        Path home = home();
        Path script = scriptIn(home);
        if (Files.isRegularFile(script)) {
            return script;
        }
        try {
            Files.createDirectories(home.getParent());
            Path lockFile = home.getParent().resolve(home.getFileName() + ".lock");
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock lock = channel.lock()) {
                if (Files.isRegularFile(script)) {
                    return script; // another JVM installed it while this one waited
                }
                Path staging = Files.createTempDirectory(home.getParent(), home.getFileName() + ".installing-");
                System.err.println("Installing Azurite " + VERSION + " with npm into " + home + " (once per machine) ...");
                Process install = new ProcessBuilder(npm.toString(), "install", "--no-audit", "--no-fund", "--loglevel=error",
                        "--prefix", staging.toString(), "azurite@" + VERSION)
                        .redirectErrorStream(true).redirectOutput(staging.resolve("npm-install.log").toFile()).start();
                if (!install.waitFor(INSTALL_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
                    install.destroyForcibly();
                    throw new IllegalStateException("npm install azurite@" + VERSION + " did not finish within "
                            + INSTALL_TIMEOUT_MINUTES + " minutes; see " + staging.resolve("npm-install.log"));
                }
                if (install.exitValue() != 0 || !Files.isRegularFile(scriptIn(staging))) {
                    throw new IllegalStateException("npm install azurite@" + VERSION + " failed (exit " + install.exitValue()
                            + "); see " + staging.resolve("npm-install.log"));
                }
                if (Files.exists(home)) {
                    deleteTree(home); // a broken earlier install without the script
                }
                Files.move(staging, home, StandardCopyOption.ATOMIC_MOVE);
                return script;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not install Azurite into " + home, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while installing Azurite", e);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    // ---- running --------------------------------------------------------------------------

    private static AzuriteServer launch(Path node, Path script) {
        Path workspace;
        try {
            workspace = Files.createTempDirectory("sluice-azurite-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> command = List.of(node.toString(), script.toString(), "--inMemoryPersistence", "--skipApiVersionCheck",
                "--disableTelemetry", "--loose", "--blobHost", HOST, "--blobPort", "0", "--queueHost", HOST, "--queuePort", "0",
                "--tableHost", HOST, "--tablePort", "0");
        Process process;
        try {
            process = new ProcessBuilder(command).directory(workspace.toFile()).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + command, e);
        }
        Map<String, Integer> ports = new ConcurrentHashMap<>();
        List<String> output = java.util.Collections.synchronizedList(new ArrayList<>());
        CountDownLatch listening = new CountDownLatch(3);
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (output.size() < 200) {
                        output.add(line);
                    }
                    Matcher m = LISTENING.matcher(line);
                    if (m.find() && ports.putIfAbsent(m.group(1), Integer.parseInt(m.group(2))) == null) {
                        listening.countDown();
                    }
                }
            } catch (IOException e) {
                // the process ended; the wait below reports it
            }
        }, "azurite-output");
        reader.setDaemon(true);
        reader.start();
        try {
            if (!listening.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("Azurite did not report its three services listening within " + START_TIMEOUT_SECONDS
                        + " s (alive: " + process.isAlive() + "). Its output: " + String.join(" | ", output));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IllegalStateException("interrupted while starting Azurite", e);
        }
        AzuriteServer server = new AzuriteServer(process, ports.get("Blob"), ports.get("Queue"), ports.get("Table"));
        for (int port : new int[] {server.blobPort, server.queuePort, server.tablePort}) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(HOST, port), 5_000);
            } catch (IOException e) {
                server.close();
                throw new IllegalStateException("Azurite said it listens on " + port + " but does not answer there", e);
            }
        }
        return server;
    }

    private static Path executable(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
