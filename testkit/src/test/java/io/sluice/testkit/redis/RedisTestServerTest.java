package io.sluice.testkit.redis;

import io.sluice.embedded.RedisPing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class RedisTestServerTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(1);

    @Test
    void theSharedServerAnswersPing() {
        RedisTestServer server = RedisTestServer.shared();
        assumeTrue(server.source() != RedisTestServer.Source.CONFIGURED, "a configured URL may need credentials to PING");
        URI url = URI.create(server.url());
        assertThat(RedisPing.answers(url.getHost(), url.getPort(), TIMEOUT)).isTrue();
        assertThat(RedisTestServer.shared()).isSameAs(server);
    }

    @Test
    void withNothingListeningItStartsRedisServerAndStopsItOnClose() throws IOException {
        io.sluice.testkit.Requires.tool(RedisTestServer.executable("redis-server").isPresent(), () -> "no redis-server on the PATH");
        RedisTestServer.Settings settings = new RedisTestServer.Settings(null, "127.0.0.1", closedPort(), "redis-server");
        RedisTestServer server = RedisTestServer.find(settings);
        URI url = URI.create(server.url());
        try {
            assertThat(server.source()).isEqualTo(RedisTestServer.Source.BINARY);
            assertThat(RedisPing.answers(url.getHost(), url.getPort(), TIMEOUT)).isTrue();
        } finally {
            server.close();
        }
        assertThat(RedisPing.answers(url.getHost(), url.getPort(), TIMEOUT)).isFalse();
    }

    @Test
    void aConfiguredUrlIsUsedAsGivenAndNeverStopped() {
        RedisTestServer server = RedisTestServer.find(new RedisTestServer.Settings("redis://example.invalid:6390", "127.0.0.1", 1, "none"));
        assertThat(server.url()).isEqualTo("redis://example.invalid:6390");
        assertThat(server.source()).isEqualTo(RedisTestServer.Source.CONFIGURED);
        server.close();
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
