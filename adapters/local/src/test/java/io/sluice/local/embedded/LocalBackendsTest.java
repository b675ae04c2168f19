package io.sluice.local.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.port.TaskQueue;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class LocalBackendsTest {
    private static final String PATH = System.getenv().getOrDefault("PATH", "");

    @Test
    void namedServersAreUsedAsTheyAreAndLeftRunning() {
        String prefix = "sluice-test:backends:" + UUID.randomUUID();
        try (ElasticMqServer sqs = ElasticMqServer.start()) {
            LocalBackends.Settings settings = new LocalBackends.Settings(sqs.endpoint(), 0, "eu-west-1", RedisTestServer.shared().url(),
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
    void whenOneSideCannotOpenWhatTheOtherStartedIsStoppedAgain() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        LocalBackends.Settings settings = new LocalBackends.Settings(null, port, "us-east-1", "http://not-redis:6379", "p", "none", "", 5);
        assertThatThrownBy(() -> LocalBackends.open(settings)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("A Redis URL starts with redis://");
        try (ServerSocket again = new ServerSocket(port)) {
            assertThat(again.getLocalPort()).as("the embedded ElasticMQ let go of its port").isEqualTo(port);
        }
    }
}
