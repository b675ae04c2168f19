package io.sluice.testkit.redis;

import io.sluice.embedded.EmbeddedRedis;
import io.sluice.embedded.RedisPing;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

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
        return start(settings.binary());
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

    /** The {@code redis-server} program {@code binary} names, on the {@code PATH} or as a path. */
    static Optional<Path> executable(String binary) {
        return EmbeddedRedis.executable(binary, System.getenv().getOrDefault("PATH", ""));
    }

    /** A server of its own on a free loopback port, from the binary or else the embedded-redis jar (module sluice-embedded). */
    private static RedisTestServer start(String binary) {
        EmbeddedRedis redis = EmbeddedRedis.start(binary, System.getenv().getOrDefault("PATH", ""));
        return new RedisTestServer(redis.url(), redis.source() == EmbeddedRedis.Source.BINARY ? Source.BINARY : Source.EMBEDDED,
                redis::close);
    }
}
