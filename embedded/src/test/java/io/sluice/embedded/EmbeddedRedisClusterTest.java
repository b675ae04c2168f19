package io.sluice.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class EmbeddedRedisClusterTest {
    private static final String PATH = System.getenv().getOrDefault("PATH", "");

    @Test
    void withoutReplicasThreePrimariesServeEverySlotAndAllStopOnClose() {
        RedisServerOnPath.require(PATH);
        Path server = EmbeddedRedis.executable("redis-server", PATH).orElseThrow();
        Path cli = EmbeddedRedis.executable("redis-cli", PATH).orElseThrow();
        EmbeddedRedisCluster cluster = EmbeddedRedisCluster.start(new EmbeddedRedisCluster.Options(server, cli,
                EmbeddedRedis.Persistence.NONE, Duration.ofSeconds(5), 0));
        try {
            assertThat(cluster.nodes()).hasSize(3);
            assertThat(cluster.primaries()).containsExactlyInAnyOrderElementsOf(cluster.nodes());
            // {a}, {b} and {c} hash to slots 15495, 3300 and 7365: one on each primary's third of the slots
            assertThat(java.util.stream.Stream.of("{a}", "{b}", "{c}").map(cluster::primaryOf).distinct()).hasSize(3);
            assertThatThrownBy(() -> cluster.replicaOf(cluster.primaries().getFirst())).hasMessageContaining("has no replica");
        } finally {
            cluster.close();
        }
        assertThat(cluster.pids()).allSatisfy(pid -> assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse());
    }

    @Test
    void replicasAreZeroOrOne() {
        assertThatThrownBy(() -> new EmbeddedRedisCluster.Options(Path.of("redis-server"), Path.of("redis-cli"),
                EmbeddedRedis.Persistence.NONE, Duration.ofSeconds(5), 2))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("replicas must be 0 or 1, was 2");
    }
}
