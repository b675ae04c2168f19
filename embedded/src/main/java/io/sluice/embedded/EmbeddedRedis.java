package io.sluice.embedded;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import redis.embedded.RedisServer;

/**
 * A Redis server on a free loopback port: the {@code redis-server} binary when one is found on the search
 * path given, else the Redis 6.2 binary shipped in {@code com.github.codemonstur:embedded-redis}.
 *
 * <p>By default it is throwaway: a temporary directory, no persistence, no password, all removed by
 * {@link #close()}. {@link Options} make it durable (its own directory, kept; an append-only file; a pid
 * file, so that a server left running by a process that died is found and stopped by the next start in
 * that directory) and make it ask for a password, which is written to a file only the owner can read and
 * never put on a command line (where {@code ps} would show it).
 *
 * <p>The local runtime starts one when no Redis is configured; the testkit's {@code RedisTestServer}
 * starts one when no Redis is running. This module exists so that both share one launcher: main code
 * cannot depend on the testkit, and the testkit cannot depend on an adapter.
 */
public final class EmbeddedRedis implements AutoCloseable {
    private static final String LOOPBACK = "127.0.0.1";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration PING_TIMEOUT = Duration.ofMillis(300);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);
    static final String PID_FILE = "redis.pid";
    private static final String CONFIG_FILE = "redis.conf";

    /** Where the server came from. */
    public enum Source { BINARY, EMBEDDED_JAR }

    /** What the server keeps on disk. */
    public enum Persistence {
        /** Nothing: a restart starts empty. */
        NONE,
        /** An append-only file, fsynced once a second: a crash loses at most the last second. */
        AOF_EVERYSEC,
        /** An append-only file fsynced on every write. */
        AOF_ALWAYS;

        /** {@code none}, {@code aof-everysec} or {@code aof-always}. */
        public String flag() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }

        public static Optional<Persistence> ofFlag(String flag) {
            return Stream.of(values()).filter(p -> p.flag().equals(flag)).findFirst();
        }

        /**
         * How large the append-only file grows before Redis rewrites it: {@value}, where Redis's default is 64 MB. A
         * rewrite forks the server and writes the whole dataset again (compressed), about a second of a core for a
         * dataset of 50 MB; Sluice's writes rewrite a few KB of an execution's keys a transition, so a small dataset's
         * file doubled in seconds and the default rewrote every ~5 s under load (7 times in a 33-s bench run, bench/README
         * "Where the time goes"). At this size it rewrites about every 50,000 transitions; the file stays under this
         * size plus twice the dataset, and a restart replays it in seconds. The fsync policy, so what a crash can lose,
         * is the same.
         */
        static final String AOF_REWRITE_MIN_SIZE = "512mb";

        List<String> settings() {
            if (this == NONE) {
                return List.of("save \"\"", "appendonly no");
            }
            return List.of("save \"\"", "appendonly yes", "appendfsync " + (this == AOF_ALWAYS ? "always" : "everysec"),
                    "auto-aof-rewrite-min-size " + AOF_REWRITE_MIN_SIZE);
        }

        /** {@link #settings()} as a server's command-line arguments ({@code --appendonly yes ...}), {@code save} left to the caller. */
        public List<String> flags() {
            return settings().stream().filter(line -> !line.startsWith("save "))
                    .flatMap(line -> Stream.of("--" + line.substring(0, line.indexOf(' ')), line.substring(line.indexOf(' ') + 1))).toList();
        }
    }

    /**
     * How to start a server.
     *
     * @param binary      the program's name, looked up on {@code searchPath}, or a path to it; {@code null} or
     *                    {@code "none"} to go straight to the embedded jar
     * @param searchPath  directories separated as in {@code PATH} (the host passes its {@code PATH})
     * @param dir         the server's own directory, kept by {@link #close()}; {@code null} for a temporary one that is removed.
     *                    One server per directory: the caller makes sure no live runtime uses it (a pid file found there
     *                    names a server left behind, which is stopped)
     * @param persistence what it keeps on disk
     * @param password    the password clients must give ({@code AUTH}); {@code null} for none
     */
    public record Options(String binary, String searchPath, Path dir, Persistence persistence, String password) {
        public Options {
            Objects.requireNonNull(persistence, "persistence");
        }

        /** Throwaway: a temporary directory, no persistence, no password. */
        public static Options throwaway(String binary, String searchPath) {
            return new Options(binary, searchPath, null, Persistence.NONE, null);
        }
    }

    /** The unix socket a {@code redis-server} opens in its directory, beside its loopback port. */
    static final String SOCKET_FILE = "redis.sock";
    /** The longest socket path the kernel takes ({@code sun_path} is 108 bytes with its terminator), with room to spare. */
    static final int LONGEST_SOCKET_PATH = 100;

    private final int port;
    private final Source source;
    private final String password;
    private final Optional<String> leftOver;
    private final Runnable stop;
    private final Path unixSocket;

    private EmbeddedRedis(int port, Source source, String password, Optional<String> leftOver, Runnable stop, Path unixSocket) {
        this.port = port;
        this.unixSocket = unixSocket;
        this.source = source;
        this.password = password;
        this.leftOver = leftOver;
        this.stop = stop;
    }

    /** Starts a throwaway server (see {@link Options#throwaway}). */
    public static EmbeddedRedis start(String binary, String searchPath) {
        return start(Options.throwaway(binary, searchPath));
    }

    /** Starts a server as {@code options} say; it answers PING (after AUTH) when this returns. */
    public static EmbeddedRedis start(Options options) {
        try {
            Optional<String> leftOver = options.dir() == null ? Optional.empty() : stopLeftOver(options.dir());
            Optional<Path> program = executable(options.binary(), options.searchPath());
            return program.isPresent() ? startBinary(program.get(), options, leftOver) : startJar(options, leftOver);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start an embedded Redis; set SLUICE_REDIS_URL to use a running one", e);
        }
    }

    /** {@code redis://127.0.0.1:port}, or {@code redis://:password@127.0.0.1:port} when it has a password. */
    public String url() {
        return "redis://" + (password == null ? "" : ":" + password + "@") + LOOPBACK + ":" + port;
    }

    public int port() {
        return port;
    }

    /**
     * The server's unix socket, owner-only, in its directory: a {@code redis-server} whose directory's path is short
     * enough for one (at most {@value #LONGEST_SOCKET_PATH} bytes with the file's name); empty for the embedded-redis jar.
     * The same server as {@link #url()}, reached without TCP: the runtime's direct pipelines use it (its URL's
     * {@code ?socket=}).
     */
    public Optional<Path> unixSocket() {
        return Optional.ofNullable(unixSocket);
    }

    public Source source() {
        return source;
    }

    /**
     * What this start found and stopped in its directory, for people: "stopped redis-server (pid 123) that a runtime
     * which did not shut down left running in DIR"; empty when nothing was left over.
     */
    public Optional<String> leftOver() {
        return leftOver;
    }

    @Override
    public void close() {
        stop.run();
    }

    /** Never shows the password. */
    @Override
    public String toString() {
        return (source == Source.BINARY ? "redis-server" : "embedded-redis jar") + " at redis://" + LOOPBACK + ":" + port
                + (unixSocket == null ? "" : " and its unix socket " + unixSocket) + (password == null ? "" : " (password required)");
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

    private static EmbeddedRedis startBinary(Path binary, Options options, Optional<String> leftOver) throws IOException {
        for (int attempt = 1; ; attempt++) {
            int port = freePort();
            Path dir = directory(options);
            Path log = dir.resolve("redis.log");
            Path config = writeConfig(dir, options, port);
            Process process = new ProcessBuilder(binary.toString(), config.toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
            Files.writeString(dir.resolve(PID_FILE), process.pid() + "\n");
            Runnable stop = () -> stopProcess(process, dir, options.dir() == null);
            if (awaitReady(port, options.password(), process::isAlive)) {
                return new EmbeddedRedis(port, Source.BINARY, options.password(), leftOver, stop, socketIn(dir).orElse(null));
            }
            String output = Files.readString(log);
            stop.run();
            if (attempt == 3) { // the free port may have been taken in between: try a few
                throw new IOException(binary + " did not answer PING on port " + port + "; its log:\n" + output);
            }
        }
    }

    private static EmbeddedRedis startJar(Options options, Optional<String> leftOver) throws IOException {
        int port = freePort();
        Path dir = directory(options);
        var builder = RedisServer.newRedisServer().bind(LOOPBACK).port(port)
                .setting("dir " + dir).setting("pidfile " + dir.resolve(PID_FILE));
        options.persistence().settings().forEach(builder::setting);
        if (options.password() != null) {
            builder.setting("requirepass " + options.password());
        }
        RedisServer server = builder.build();
        server.start();
        Runnable stop = () -> {
            try {
                server.stop();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                if (options.dir() == null) {
                    deleteTree(dir);
                }
            }
        };
        if (!awaitReady(port, options.password(), server::isActive)) {
            stop.run();
            throw new IOException("the embedded Redis did not answer PING on port " + port);
        }
        return new EmbeddedRedis(port, Source.EMBEDDED_JAR, options.password(), leftOver, stop, null);
    }

    private static Path directory(Options options) throws IOException {
        if (options.dir() == null) {
            return Files.createTempDirectory("sluice-redis-"); // owner-only on POSIX
        }
        Files.createDirectories(options.dir());
        return options.dir();
    }

    /**
     * The unix socket a server in {@code dir} opens ({@value #SOCKET_FILE}), or empty where its path would be too long for
     * one (more than {@value #LONGEST_SOCKET_PATH} bytes): for a launcher of its own (the chaos drill's) as for this one.
     */
    public static Optional<Path> socketIn(Path dir) {
        Path socket = dir.toAbsolutePath().resolve(SOCKET_FILE);
        return socket.toString().getBytes(StandardCharsets.UTF_8).length <= LONGEST_SOCKET_PATH ? Optional.of(socket) : Optional.empty();
    }

    /**
     * {@code ?socket=} and {@code socket}, percent-encoded as UTF-8 where a URL's query cannot hold a character as it is:
     * what a Redis URL appends so that the runtime's direct pipelines reach the server through its unix socket rather than
     * loopback TCP (the Redis adapters' {@code RedisUrl}).
     */
    public static String socketQuery(Path socket) {
        StringBuilder query = new StringBuilder("?socket=");
        for (byte b : socket.toString().getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (c < 0x80 && (Character.isLetterOrDigit(c) || "/-._~".indexOf(c) >= 0)) {
                query.append(c);
            } else {
                query.append('%').append(String.format(java.util.Locale.ROOT, "%02X", b & 0xff));
            }
        }
        return query.toString();
    }

    /** The settings in a file only the owner may read: the password stays off the command line. */
    private static Path writeConfig(Path dir, Options options, int port) throws IOException {
        List<String> lines = new ArrayList<>(List.of("port " + port, "bind " + LOOPBACK, "dir " + quoted(dir.toString()),
                "daemonize no"));
        lines.addAll(options.persistence().settings());
        if (options.password() != null) {
            lines.add("requirepass " + quoted(options.password()));
        }
        socketIn(dir).ifPresent(socket -> lines.addAll(List.of("unixsocket " + quoted(socket.toString()), "unixsocketperm 700")));
        Path config = dir.resolve(CONFIG_FILE);
        Files.deleteIfExists(config);
        OwnerOnlyFiles.create(config);
        Files.write(config, lines);
        return config;
    }

    private static String quoted(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** Stops a Redis server that the pid file in {@code dir} names and that still runs; says so, or empty when there was none. */
    static Optional<String> stopLeftOver(Path dir) throws IOException {
        Optional<ProcessHandle> process = LeftOverProcess.named(dir.resolve(PID_FILE), "redis");
        if (process.isEmpty()) {
            return Optional.empty();
        }
        long pid = process.get().pid();
        LeftOverProcess.stop(process.get(), STOP_TIMEOUT);
        Files.deleteIfExists(dir.resolve(PID_FILE));
        return Optional.of("stopped redis-server (pid " + pid + ") that a runtime which did not shut down left running in " + dir);
    }

    private static boolean awaitReady(int port, String password, BooleanSupplier alive) {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (alive.getAsBoolean() && System.nanoTime() < deadline) {
            if (RedisPing.answers(LOOPBACK, port, PING_TIMEOUT, password)) {
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

    /** Stops the process; then removes {@code dir} when it is temporary, else only the pid file. */
    private static void stopProcess(Process process, Path dir, boolean temporary) {
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        if (temporary) {
            deleteTree(dir);
        } else {
            try {
                Files.deleteIfExists(dir.resolve(PID_FILE));
            } catch (IOException e) {
                // a stale pid file is harmless: the next start checks that its process is a Redis server
            }
        }
    }

    /** Deletes {@code dir} and everything in it, as far as it can: a temporary directory left behind is harmless. */
    static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A temporary directory left behind is harmless.
        }
    }
}
