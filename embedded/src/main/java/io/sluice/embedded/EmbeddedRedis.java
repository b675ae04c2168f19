package io.sluice.embedded;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import redis.embedded.RedisServer;

/**
 * A throwaway Redis server on a free loopback port, persistence off unless asked for: the {@code redis-server} binary
 * when one is found on the search path given, else the Redis 6.2 binary shipped in
 * {@code com.github.codemonstur:embedded-redis}. {@link #close()} stops it and removes its directory.
 *
 * <p>The local runtime starts one when no Redis is configured; the testkit's {@code RedisTestServer}
 * starts one when no Redis is running. This module exists so that both share one launcher: main code
 * cannot depend on the testkit, and the testkit cannot depend on an adapter.
 */
public final class EmbeddedRedis implements AutoCloseable {
    private static final String LOOPBACK = "127.0.0.1";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration PING_TIMEOUT = Duration.ofMillis(300);

    /** Where the server came from. */
    public enum Source { BINARY, EMBEDDED_JAR }

    /** How the server persists: not at all, or an append-only file fsynced every second or on every write. */
    public enum Persistence {
        NONE("no", "everysec"), AOF_EVERYSEC("yes", "everysec"), AOF_ALWAYS("yes", "always");

        private final String appendonly;
        private final String appendfsync;

        Persistence(String appendonly, String appendfsync) {
            this.appendonly = appendonly;
            this.appendfsync = appendfsync;
        }

        /** {@code none}, {@code aof-everysec} or {@code aof-always}. */
        public String flag() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        public static Optional<Persistence> ofFlag(String flag) {
            return Stream.of(values()).filter(p -> p.flag().equals(flag)).findFirst();
        }
    }

    private final int port;
    private final Source source;
    private final Runnable stop;

    private EmbeddedRedis(int port, Source source, Runnable stop) {
        this.port = port;
        this.source = source;
        this.stop = stop;
    }

    /**
     * Starts a server.
     *
     * @param binary     the program's name, looked up on {@code searchPath}, or a path to it; {@code null} or
     *                   {@code "none"} to go straight to the embedded jar
     * @param searchPath directories separated as in {@code PATH} (the host passes its {@code PATH})
     */
    public static EmbeddedRedis start(String binary, String searchPath) {
        return start(binary, searchPath, Persistence.NONE);
    }

    /** Starts a server that persists as {@code persistence} says, into its own directory (removed on close). */
    public static EmbeddedRedis start(String binary, String searchPath, Persistence persistence) {
        try {
            Optional<Path> program = executable(binary, searchPath);
            return program.isPresent() ? startBinary(program.get(), persistence) : startJar(persistence);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start an embedded Redis; set SLUICE_REDIS_URL to use a running one", e);
        }
    }

    /** {@code redis://127.0.0.1:port}. */
    public String url() {
        return "redis://" + LOOPBACK + ":" + port;
    }

    public Source source() {
        return source;
    }

    @Override
    public void close() {
        stop.run();
    }

    @Override
    public String toString() {
        return (source == Source.BINARY ? "redis-server" : "embedded-redis jar") + " at " + url();
    }

    /** The program {@code binary} names: a path to it, or a name found on {@code searchPath}; empty for {@code null} or {@code "none"}. */
    public static Optional<Path> executable(String binary, String searchPath) {
        if (binary == null || binary.isBlank() || binary.equals("none")) {
            return Optional.empty();
        }
        if (binary.contains(File.separator)) {
            return Optional.of(Path.of(binary)).filter(Files::isExecutable);
        }
        return Stream.of((searchPath == null ? "" : searchPath).split(File.pathSeparator)).filter(dir -> !dir.isBlank())
                .map(dir -> Path.of(dir, binary)).filter(Files::isExecutable).findFirst();
    }

    private static EmbeddedRedis startBinary(Path binary, Persistence persistence) throws IOException {
        for (int attempt = 1; ; attempt++) {
            int port = freePort();
            Path dir = Files.createTempDirectory("sluice-redis-");
            Path log = dir.resolve("redis.log");
            Process process = new ProcessBuilder(binary.toString(), "--port", String.valueOf(port), "--bind", LOOPBACK,
                    "--save", "", "--appendonly", persistence.appendonly, "--appendfsync", persistence.appendfsync,
                    "--dir", dir.toString(), "--daemonize", "no")
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            Runnable stop = () -> stopProcess(process, dir);
            if (awaitReady(port, process::isAlive)) {
                return new EmbeddedRedis(port, Source.BINARY, stop);
            }
            String output = Files.readString(log);
            stop.run();
            if (attempt == 3) { // the free port may have been taken in between: try a few
                throw new IOException(binary + " did not answer PING on port " + port + "; its log:\n" + output);
            }
        }
    }

    private static EmbeddedRedis startJar(Persistence persistence) throws IOException {
        int port = freePort();
        RedisServer server = RedisServer.newRedisServer().bind(LOOPBACK).port(port)
                .setting("save \"\"").setting("appendonly " + persistence.appendonly).setting("appendfsync " + persistence.appendfsync).build();
        server.start();
        Runnable stop = () -> {
            try {
                server.stop();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        if (!awaitReady(port, server::isActive)) {
            stop.run();
            throw new IOException("the embedded Redis did not answer PING on port " + port);
        }
        return new EmbeddedRedis(port, Source.EMBEDDED_JAR, stop);
    }

    private static boolean awaitReady(int port, BooleanSupplier alive) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (alive.getAsBoolean() && System.nanoTime() < deadline) {
            if (RedisPing.answers(LOOPBACK, port, PING_TIMEOUT)) {
                return true;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return false;
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        }
    }

    private static void stopProcess(Process process, Path dir) {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A temporary directory left behind is harmless.
        }
    }
}
