package io.sluice.testkit.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.embedded.EmbeddedRedis;
import io.sluice.embedded.Resp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The loopback cluster is a real Redis Cluster, and closing it stops its processes and removes its files. */
class RedisTestClusterTest {

    @Test
    void sixNodesFormOneClusterThatRedirectsAndCloseStopsThemAll() throws IOException {
        String path = System.getenv().getOrDefault("PATH", "");
        Optional<Path> server = EmbeddedRedis.executable("redis-server", path);
        Optional<Path> cli = EmbeddedRedis.executable("redis-cli", path);
        if (!"true".equalsIgnoreCase(System.getenv("CI"))) {
            Assumptions.assumeTrue(server.isPresent() && cli.isPresent(), "redis-server and redis-cli are not on the PATH");
        }
        RedisTestCluster cluster = RedisTestCluster.start(server.orElseThrow(), cli.orElseThrow());
        List<Long> pids = cluster.pids();
        Path dir = cluster.dir();
        try {
            assertThat(cluster.nodes()).hasSize(6);
            assertThat(cluster.url()).startsWith("redis+cluster://127.0.0.1:").contains(",");
            int primaries = 0;
            for (String node : cluster.nodes()) {
                int port = Integer.parseInt(node.substring(node.indexOf(':') + 1));
                try (Resp redis = Resp.connect("127.0.0.1", port, 500, 2000)) {
                    assertThat((String) redis.call("CLUSTER", "INFO")).contains("cluster_state:ok", "cluster_known_nodes:6");
                    if ("master".equals(((List<?>) redis.call("ROLE")).get(0))) {
                        primaries++;
                    }
                }
            }
            assertThat(primaries).isEqualTo(3);
            // Keys of three slots cannot all live on the node that is asked: one of them is redirected.
            String first = cluster.nodes().getFirst();
            try (Resp redis = Resp.connect("127.0.0.1", Integer.parseInt(first.substring(first.indexOf(':') + 1)), 500, 2000)) {
                assertThatThrownBy(() -> {
                    for (String key : List.of("sluice-test:cluster:{a}", "sluice-test:cluster:{b}", "sluice-test:cluster:{c}",
                            "sluice-test:cluster:{d}", "sluice-test:cluster:{e}")) {
                        redis.call("GET", key);
                    }
                }).hasMessageContaining("MOVED");
            }
        } finally {
            cluster.close();
        }
        assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty());
        assertThat(Files.exists(dir)).isFalse();
    }
}
