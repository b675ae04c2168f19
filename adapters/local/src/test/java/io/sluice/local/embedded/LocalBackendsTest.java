package io.sluice.local.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.port.TaskQueue;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.redisson.api.options.KeysScanOptions;

class LocalBackendsTest {
    private static final String PATH = System.getenv().getOrDefault("PATH", "");

    @Test
    void namedServersAreUsedAsTheyAreAndLeftRunning() {
        String prefix = "sluice-test:backends:" + UUID.randomUUID();
        try (ElasticMqServer sqs = ElasticMqServer.start()) {
            LocalBackends.Settings settings = new LocalBackends.Settings(LocalBackends.Queue.SQS, sqs.endpoint(), 0, "eu-west-1", RedisTestServer.shared().url(),
                    prefix, "redis-server", PATH, 5);
            try (LocalBackends backends = LocalBackends.open(settings)) {
                assertThat(backends.queueDescription()).isEqualTo("SQS-compatible server at " + sqs.endpoint());
                assertThat(backends.redisDescription()).isEqualTo("Redis at " + RedisTestServer.shared().url() + " (key prefix " + prefix + ")");
                TaskQueue queue = backends.ports().queue();
                queue.send("backends-" + prefix.hashCode(), TaskQueue.OutgoingMessage.of("hello"), Duration.ZERO);
                assertThat(queue.receive("backends-" + prefix.hashCode(), 1, Duration.ofSeconds(5), Duration.ofSeconds(2)))
                        .extracting(TaskQueue.ReceivedMessage::body).containsExactly("hello");
                assertThat(backends.ports().executions().list(null, null, 10)).isEmpty();
            }
        }
    }

    @Test
    void theRedisQueueLivesUnderTheKeyPrefixAndStartsNoElasticMq() throws IOException {
        String prefix = "sluice-test:backends:" + UUID.randomUUID();
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        LocalBackends.Settings settings = new LocalBackends.Settings(LocalBackends.Queue.REDIS, null, port, "us-east-1",
                RedisTestServer.shared().url(), prefix, "redis-server", PATH, 5);
        try (LocalBackends backends = LocalBackends.open(settings)) {
            assertThat(backends.queueDescription()).isEqualTo("Redis (the same server, key prefix " + prefix + ")");
            try (ServerSocket free = new ServerSocket(port)) {
                assertThat(free.getLocalPort()).as("no ElasticMQ took the SQS port").isEqualTo(port);
            }
            TaskQueue queue = backends.ports().queue();
            assertThat(queue.maxReceives()).isEqualTo(5);
            queue.send("backends", TaskQueue.OutgoingMessage.of("hello"), Duration.ZERO);
            assertThat(keys(backends, prefix)).isNotEmpty().allSatisfy(k -> assertThat(k).startsWith(prefix + ":queue:"));
            TaskQueue.ReceivedMessage m = queue.receive("backends", 1, Duration.ofSeconds(5), Duration.ofSeconds(2)).getFirst();
            assertThat(m.body()).isEqualTo("hello");
            queue.acknowledge("backends", m.receipt());
            assertThat(keys(backends, prefix)).as("an acknowledged message leaves no key (the instances listening aside)")
                    .containsOnly(prefix + ":queue-listeners");
        }
    }

    private static List<String> keys(LocalBackends backends, String prefix) {
        List<String> keys = new ArrayList<>();
        backends.redisson().getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":*")).forEach(keys::add);
        return keys;
    }

    @Test
    void whenOneSideCannotOpenWhatTheOtherStartedIsStoppedAgain() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        LocalBackends.Settings settings = new LocalBackends.Settings(LocalBackends.Queue.SQS, null, port, "us-east-1", "http://not-redis:6379", "p", "none", "",
                5);
        assertThatThrownBy(() -> LocalBackends.open(settings)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("A Redis URL starts with redis://");
        try (ServerSocket again = new ServerSocket(port)) {
            assertThat(again.getLocalPort()).as("the embedded ElasticMQ let go of its port").isEqualTo(port);
        }
    }

    @Test
    void redactedUrlsHideThePassword() {
        assertThat(LocalBackends.redacted("redis://user:secret@host:6379/0")).isEqualTo("redis://***@host:6379/0");
        assertThat(LocalBackends.redacted("redis://host:6379")).isEqualTo("redis://host:6379");
    }
}
