package io.sluice.testkit.aws;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * dynalite (npm, STACK.md), a DynamoDB protocol server on LevelDB, in memory, on 127.0.0.1 and a free port,
 * run by {@code node} as a process of its own and stopped by its PID on {@link #close()} or at JVM exit.
 * It lacks TransactWriteItems and TTL; tables are ACTIVE as soon as they are created ({@code --createTableMs 0}).
 *
 * <p>It installs itself: when {@code <cache>/node_modules/dynalite} is absent, {@code npm install dynalite@}{@value #VERSION}
 * runs into a fresh folder that then becomes the cache, under a file lock, so parallel test JVMs install it once.
 * The cache is {@code ${java.io.tmpdir}/sluice-dynalite-}{@value #VERSION} unless the system property
 * {@value #DIR_PROPERTY} names another. Without {@code node} and {@code npm} on the PATH, {@link #available()} says
 * why, and tests skip themselves with that sentence.
 */
public final class DynaliteServer implements AutoCloseable {
    public static final String VERSION = "4.0.0";
    public static final String DIR_PROPERTY = "sluice.test.dynalite.dir";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(5);
    private static final int START_ATTEMPTS = 3;
    private static DynaliteServer shared;

    private final ChildProcess process;
    private final URI endpoint;

    private DynaliteServer(ChildProcess process, URI endpoint) {
        this.process = process;
        this.endpoint = endpoint;
    }

    /** Empty when dynalite can run here; otherwise the reason it cannot (no node or npm on the PATH). */
    public static Optional<String> unavailable() {
        for (String tool : List.of("node", "npm")) {
            if (onPath(tool).isEmpty()) {
                return Optional.of("dynalite needs '" + tool + "' on the PATH (Node.js 20, e.g. Debian's nodejs and npm), and there is none");
            }
        }
        return Optional.empty();
    }

    /** Whether dynalite can run here ({@link #unavailable()} is empty). */
    public static boolean available() {
        return unavailable().isEmpty();
    }

    /** The server every test of this JVM shares, installed and started on first use and stopped at exit. */
    public static synchronized DynaliteServer shared() {
        if (shared == null) {
            shared = start();
            System.err.println("Tests use dynalite " + shared);
        }
        return shared;
    }

    /** Starts a server of its own; the caller closes it. */
    public static DynaliteServer start() {
        unavailable().ifPresent(reason -> {
            throw new IllegalStateException(reason);
        });
        Path cli = install(cache()).resolve("node_modules/dynalite/cli.js");
        IllegalStateException last = null;
        for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
            int port = ChildProcess.freePort();
            ChildProcess process = ChildProcess.start("dynalite", ChildProcess.list(onPath("node").orElseThrow().toString(),
                    cli.toString(), "--host", "127.0.0.1", "--port", Integer.toString(port), "--createTableMs", "0",
                    "--deleteTableMs", "0", "--updateTableMs", "0"), null);
            try {
                process.awaitReady(p -> p.printed("Dynalite listening at") && ChildProcess.listening(port), START_TIMEOUT);
                return new DynaliteServer(process, URI.create("http://127.0.0.1:" + port));
            } catch (IllegalStateException e) {
                // Most likely another process took the free port first (EADDRINUSE): another port, at most three times.
                process.close();
                last = e;
            }
        }
        throw last;
    }

    /** The endpoint override for a DynamoDB client. */
    public URI endpoint() {
        return endpoint;
    }

    @Override
    public void close() {
        process.close();
    }

    @Override
    public String toString() {
        return endpoint + " (" + process + ")";
    }

    static Path cache() {
        String dir = System.getProperty(DIR_PROPERTY);
        return dir == null || dir.isBlank() ? Path.of(System.getProperty("java.io.tmpdir"), "sluice-dynalite-" + VERSION) : Path.of(dir);
    }

    /** {@code cache}, with dynalite installed in it: by this call if it was not there yet. */
    static Path install(Path cache) {
        Path marker = cache.resolve("node_modules/dynalite/cli.js");
        if (Files.isRegularFile(marker)) {
            return cache;
        }
        try {
            Files.createDirectories(cache.getParent());
            Path lockFile = cache.resolveSibling(cache.getFileName() + ".lock");
            try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock lock = channel.lock()) {
                if (Files.isRegularFile(marker)) {
                    return cache; // another JVM installed it while this one waited
                }
                Path fresh = Files.createTempDirectory(cache.getParent(), cache.getFileName() + ".install-");
                npmInstall(fresh);
                deleteTree(cache);
                Files.move(fresh, cache, StandardCopyOption.ATOMIC_MOVE);
                return cache;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot install dynalite into " + cache, e);
        }
    }

    private static void npmInstall(Path folder) throws IOException {
        Files.writeString(folder.resolve("package.json"), "{\"name\": \"sluice-test-dynalite\", \"private\": true}\n");
        ProcessBuilder npm = new ProcessBuilder(onPath("npm").orElseThrow().toString(), "install", "--no-audit", "--no-fund",
                "--loglevel=error", "dynalite@" + VERSION).directory(folder.toFile()).redirectErrorStream(true)
                .redirectOutput(folder.resolve("npm-install.log").toFile());
        Process process = npm.start();
        try {
            if (!process.waitFor(INSTALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("npm install dynalite@" + VERSION + " took longer than " + INSTALL_TIMEOUT);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while installing dynalite", e);
        }
        if (process.exitValue() != 0 || !Files.isRegularFile(folder.resolve("node_modules/dynalite/cli.js"))) {
            throw new IllegalStateException("npm install dynalite@" + VERSION + " failed (exit " + process.exitValue() + "):\n"
                    + Files.readString(folder.resolve("npm-install.log")));
        }
    }

    private static Optional<Path> onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, program);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
