package io.sluice.testkit.redis;

import static org.awaitility.Awaitility.await;

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
import java.util.stream.Stream;
import org.awaitility.core.ConditionTimeoutException;
import redis.embedded.RedisServer;

/**
 * A real Redis server for tests, client-agnostic: it hands out a {@code redis://host:port} URL.
 *
 * <p>Where the server comes from, first match wins:
 * <ol>
 *   <li>{@code SLUICE_TEST_REDIS_URL} (environment, or the system property {@code sluice.test.redis.url}), used as given;</li>
 *   <li>a server that answers PING at {@code 127.0.0.1:6379} (system property {@code sluice.test.redis.probe=host:port}
 *       moves the probe, e.g. to a closed port to exercise the fallbacks);</li>
 *   <li>a {@code redis-server} binary on the PATH (system property {@code sluice.test.redis.binary}: a name or path,
 *       {@code none} to skip), started on a free loopback port with persistence off;</li>
 *   <li>the Redis 6.2 binary shipped in {@code com.github.codemonstur:embedded-redis}.</li>
 * </ol>
 * Tests share the server: they isolate themselves by key prefix and delete their keys. A server this
 * class started is stopped by {@link #close()}, and the {@link #shared()} one when the JVM exits.
 */
public final class RedisTestServer implements AutoCloseable {
    private static final Duration PROBE_TIMEOUT = Duration.ofMillis(500);
    private static final Duration START_TIMEOUT = Duration.ofSeconds(15);
    private static final String LOOPBACK = "127.0.0.1";

    /** Where the server came from. */
    public enum Source { CONFIGURED, RUNNING, BINARY, EMBEDDED }

    /** Where to look for a server; {@link #fromEnvironment()} reads the variable and properties above. */
    public record Settings(String configuredUrl, String probeHost, int probePort, String binary) {
        public static Settings fromEnvironment() {
            String url = System.getProperty("sluice.test.redis.url", System.getenv("SLUICE_TEST_REDIS_URL"));
            String probe = System.getProperty("sluice.test.redis.probe", LOOPBACK + ":6379");
            int colon = probe.lastIndexOf(':');
            return new Settings(url == null || url.isBlank() ? null : url.trim(), probe.substring(0, colon),
                    Integer.parseInt(probe.substring(colon + 1)), System.getProperty("sluice.test.redis.binary", "redis-server"));
        }
    }

    private static RedisTestServer shared;

    private final String url;
    private final Source source;
    private final Runnable stop;

    private RedisTestServer(String url, Source source, Runnable stop) {
        this.url = url;
        this.source = source;
        this.stop = stop;
    }

    /** The server every test in this JVM shares, found or started on first use and stopped at exit. */
    public static synchronized RedisTestServer shared() {
        if (shared == null) {
            RedisTestServer server = find(Settings.fromEnvironment());
            System.err.println("Tests use Redis " + server);
            Runtime.getRuntime().addShutdownHook(new Thread(server::close, "redis-test-server-stop"));
            shared = server;
        }
        return shared;
    }

    /** Finds or starts a server as described in the class comment. The caller closes it. */
    public static RedisTestServer find(Settings settings) {
        if (settings.configuredUrl() != null) {
            return new RedisTestServer(settings.configuredUrl(), Source.CONFIGURED, () -> {});
        }
        if (RedisPing.answers(settings.probeHost(), settings.probePort(), PROBE_TIMEOUT)) {
            return new RedisTestServer(url(settings.probeHost(), settings.probePort()), Source.RUNNING, () -> {});
        }
        try {
            Optional<Path> binary = executable(settings.binary());
            return binary.isPresent() ? startBinary(binary.get()) : startEmbedded();
        } catch (IOException e) {
            throw new UncheckedIOException("Could not start a Redis server for the tests; set SLUICE_TEST_REDIS_URL to use one", e);
        }
    }

    /** {@code redis://host:port}. */
    public String url() {
        return url;
    }

    public Source source() {
        return source;
    }

    /** Stops the server if this instance started it; a found one is left running. */
    @Override
    public void close() {
        stop.run();
    }

    @Override
    public String toString() {
        return source + " " + url;
    }

    private static String url(String host, int port) {
        return "redis://" + host + ":" + port;
    }

    static Optional<Path> executable(String binary) {
        if (binary == null || binary.isBlank() || binary.equals("none")) {
            return Optional.empty();
        }
        if (binary.contains(File.separator)) {
            Path path = Path.of(binary);
            return Files.isExecutable(path) ? Optional.of(path) : Optional.empty();
        }
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.of(path.split(File.pathSeparator)).filter(dir -> !dir.isBlank())
                .map(dir -> Path.of(dir, binary)).filter(Files::isExecutable).findFirst();
    }

    private static RedisTestServer startBinary(Path binary) throws IOException {
        for (int attempt = 1; ; attempt++) {
            int port = freePort();
            Path dir = Files.createTempDirectory("sluice-test-redis-");
            Process process = new ProcessBuilder(binary.toString(), "--port", String.valueOf(port), "--bind", LOOPBACK,
                    "--save", "", "--appendonly", "no", "--dir", dir.toString(), "--daemonize", "no")
                    .redirectErrorStream(true).redirectOutput(dir.resolve("redis.log").toFile()).start();
            Runnable stop = () -> stopProcess(process, dir);
            if (awaitReady(port, process::isAlive)) {
                return new RedisTestServer(url(LOOPBACK, port), Source.BINARY, stop);
            }
            String log = Files.readString(dir.resolve("redis.log"));
            stop.run();
            if (attempt == 3) { // another process may have taken the free port in between: try a few
                throw new IOException(binary + " did not answer PING on port " + port + "; its log:\n" + log);
            }
        }
    }

    private static RedisTestServer startEmbedded() throws IOException {
        int port = freePort();
        RedisServer server = RedisServer.newRedisServer().bind(LOOPBACK).port(port)
                .setting("save \"\"").setting("appendonly no").build();
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
            throw new IOException("The embedded Redis did not answer PING on port " + port);
        }
        return new RedisTestServer(url(LOOPBACK, port), Source.EMBEDDED, stop);
    }

    /** Waits until the server answers PING; gives up early once {@code alive} turns false. */
    private static boolean awaitReady(int port, java.util.function.BooleanSupplier alive) {
        try {
            await().atMost(START_TIMEOUT).pollInterval(Duration.ofMillis(50))
                    .until(() -> !alive.getAsBoolean() || RedisPing.answers(LOOPBACK, port, PROBE_TIMEOUT));
        } catch (ConditionTimeoutException e) {
            return false;
        }
        return alive.getAsBoolean();
    }

    private static int freePort() throws IOException {
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
