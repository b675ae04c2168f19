package io.sluice.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class EmbeddedRedisTest {
    private static final String PATH = System.getenv().getOrDefault("PATH", "");

    private static int port(EmbeddedRedis redis) {
        return URI.create(redis.url()).getPort();
    }

    @Test
    void theRedisServerOnThePathStartsOnALoopbackPortAndStops() {
        RedisServerOnPath.require(PATH);
        EmbeddedRedis redis = EmbeddedRedis.start("redis-server", PATH);
        assertThat(redis.source()).isEqualTo(EmbeddedRedis.Source.BINARY);
        assertThat(redis.url()).startsWith("redis://127.0.0.1:");
        assertThat(RedisPing.answers("127.0.0.1", port(redis), Duration.ofSeconds(1))).isTrue();
        Path socket = socket(redis);
        redis.close();
        assertThat(RedisPing.answers("127.0.0.1", port(redis), Duration.ofMillis(300))).isFalse();
        assertThat(socket).as("gone with its temporary folder").doesNotExist();
    }

    /** The server's Unix socket beside its port: in its folder, a socket, only its owner may connect. */
    private static Path socket(EmbeddedRedis redis) {
        String url = redis.socketUrl().orElseThrow();
        assertThat(url).startsWith("redis+unix:///").endsWith("/" + EmbeddedRedis.SOCKET_FILE);
        Path socket = Path.of(url.substring("redis+unix://".length()));
        try {
            assertThat(Files.readAttributes(socket, "unix:mode").get("mode")).as("a socket, mode 700")
                    .isEqualTo(0140000 | 0700);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return socket;
    }

    @Test
    void withoutABinaryTheJarsRedisStartsAndStops() {
        EmbeddedRedis redis = EmbeddedRedis.start("redis-server", "/nonexistent");
        assertThat(redis.source()).isEqualTo(EmbeddedRedis.Source.EMBEDDED_JAR);
        assertThat(redis.toString()).isEqualTo("embedded-redis jar at " + redis.url());
        assertThat(RedisPing.answers("127.0.0.1", port(redis), Duration.ofSeconds(1))).isTrue();
        socket(redis);
        redis.close();
        assertThat(RedisPing.answers("127.0.0.1", port(redis), Duration.ofMillis(300))).isFalse();
    }

    @Test
    void noneSkipsTheLookupAndAPathIsTakenAsIs() {
        assertThat(EmbeddedRedis.executable("none", PATH)).isEmpty();
        assertThat(EmbeddedRedis.executable("/nonexistent/redis-server", PATH)).isEmpty();
        assertThat(EmbeddedRedis.executable(null, PATH)).isEmpty();
    }
}
