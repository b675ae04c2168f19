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
        redis.close();
        assertThat(RedisPing.answers("127.0.0.1", port(redis), Duration.ofMillis(300))).isFalse();
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
