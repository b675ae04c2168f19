package io.sluice.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
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
        assertThat(redis.unixSocket()).as("a socket beside the port, in its temporary folder").hasValueSatisfying(socket -> {
            assertThat(socket).isAbsolute().hasFileName("redis.sock");
            assertThat(java.nio.file.Files.exists(socket)).isTrue();
        });
        assertThat(redis.toString()).contains(" and its unix socket " + redis.unixSocket().orElseThrow());
        redis.close();
        assertThat(RedisPing.answers("127.0.0.1", port(redis), Duration.ofMillis(300))).isFalse();
    }

    @Test
    void aFolderWhosePathIsTooLongForASocketGetsNoneAndTheServerStillStarts(@org.junit.jupiter.api.io.TempDir java.nio.file.Path temp) {
        RedisServerOnPath.require(PATH);
        java.nio.file.Path dir = temp.resolve("d".repeat(120 - Math.min(100, temp.toString().length())));
        EmbeddedRedis redis = EmbeddedRedis.start(new EmbeddedRedis.Options("redis-server", PATH, dir, EmbeddedRedis.Persistence.NONE, null));
        try {
            assertThat(dir.resolve("redis.sock").toString().length()).isGreaterThan(EmbeddedRedis.LONGEST_SOCKET_PATH);
            assertThat(redis.unixSocket()).isEmpty();
            assertThat(RedisPing.answers("127.0.0.1", port(redis), Duration.ofSeconds(1))).isTrue();
        } finally {
            redis.close();
        }
    }

    @Test
    void aSocketJoinsAUrlAsAQueryPercentEncodedWhereAQueryCannotHoldItsCharacters() {
        assertThat(EmbeddedRedis.socketQuery(java.nio.file.Path.of("/tmp/sluice-redis-1/redis.sock")))
                .isEqualTo("?socket=/tmp/sluice-redis-1/redis.sock");
        assertThat(EmbeddedRedis.socketQuery(java.nio.file.Path.of("/home/a b/.sluice/r&d#1/é.sock")))
                .isEqualTo("?socket=/home/a%20b/.sluice/r%26d%231/%C3%A9.sock");
    }

    @Test
    void withoutABinaryTheJarsRedisStartsAndStops() {
        EmbeddedRedis redis = EmbeddedRedis.start("redis-server", "/nonexistent");
        assertThat(redis.source()).isEqualTo(EmbeddedRedis.Source.EMBEDDED_JAR);
        assertThat(redis.toString()).isEqualTo("embedded-redis jar at " + redis.url());
        assertThat(RedisPing.answers("127.0.0.1", port(redis), Duration.ofSeconds(1))).isTrue();
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
