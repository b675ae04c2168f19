package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.embedded.EmbeddedRedis;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.api.RScript.ReturnType;
import org.redisson.client.RedisConnectionException;
import org.redisson.client.RedisTimeoutException;

/**
 * The direct pipelines over the server's unix socket ({@link RespTransport.Unix}, a URL's {@code ?socket=}), on a real
 * {@code redis-server} of the test's own that opens one beside its loopback port ({@link EmbeddedRedis#unixSocket()}):
 * which transport a connection took is what the server says of it ({@code CLIENT LIST}: flag {@code U} for a unix-socket
 * client, as the Redis documentation of CLIENT LIST gives it). A server that stops answering is this server stopped
 * ({@code SIGSTOP}) and let go on ({@code SIGCONT}).
 */
class DirectPipelinesOverUnixSocketTest {
    private static final List<Object> KEYS = List.of("{direct}:h", "{direct}:o", "{direct}:p");
    @RegisterExtension
    static final OwnRedis own = new OwnRedis("unix");
    private DirectPipelines pipelines;

    @AfterEach
    void detach() {
        System.clearProperty(DirectPipelines.SETTING);
        DirectPipelines.detach(own.client());
    }

    @Test
    void theServerOpensAnOwnerOnlySocketInItsOwnDirectory() throws IOException {
        Path socket = own.server().unixSocket().orElseThrow();
        assertThat(socket.getFileName()).hasToString("redis.sock");
        assertThat(Files.getPosixFilePermissions(socket)).allMatch(p -> p.name().startsWith("OWNER_"));
    }

    @Test
    void withTheSocketInTheUrlThePipelinesGoThroughItAndRedissonStaysOnTcp() {
        Scripts scripts = direct(Duration.ofSeconds(3));
        assertThat(CommitCalls.CLEAR_OUTBOX.<List<Object>>run(scripts, ReturnType.MULTI, KEYS, "1", "e")).containsExactly(0L);
        assertThat(flagsOf(pipelines.name())).singleElement().asString().contains("U");
        assertThat(own.client().getBucket("{direct}:b").isExists()).as("the client's own commands still answer over TCP").isFalse();
    }

    @Test
    void theTcpSettingKeepsThemOnTcpWhereTheUrlNamesASocket() {
        System.setProperty(DirectPipelines.SETTING, "tcp");
        Scripts scripts = direct(Duration.ofSeconds(3));
        CommitCalls.CLEAR_OUTBOX.run(scripts, ReturnType.MULTI, KEYS, "1", "e");
        assertThat(flagsOf(pipelines.name())).singleElement().asString().doesNotContain("U");
    }

    @Test
    void aReadTheServerDoesNotAnswerTimesOutAndTheNextRoundTripOpensAnother() throws Exception {
        Scripts scripts = direct(Duration.ofMillis(300));
        CommitCalls.CLEAR_OUTBOX.run(scripts, ReturnType.MULTI, KEYS, "1", "e");
        long pid = Long.parseLong(Files.readString(own.server().unixSocket().orElseThrow().resolveSibling("redis.pid")).trim());
        signal("STOP", pid);
        try {
            assertThatThrownBy(() -> CommitCalls.CLEAR_OUTBOX.run(scripts, ReturnType.MULTI, KEYS, "1", "e"))
                    .isInstanceOf(RedisTimeoutException.class).hasMessageContaining("timed out")
                    .hasMessageContaining("may or may not have taken effect").hasMessageNotContaining(own.password());
        } finally {
            signal("CONT", pid);
        }
        assertThat(CommitCalls.CLEAR_OUTBOX.<List<Object>>run(scripts, ReturnType.MULTI, KEYS, "1", "e")).containsExactly(0L);
        assertThat(flagsOf(pipelines.name())).as("the timed-out connection was closed, one other took its place").hasSize(1);
    }

    @Test
    void aConnectionTheServerClosedWhileItWasIdleIsReplacedBeforeTheWriteAndTheCallSucceeds() {
        Scripts scripts = direct(Duration.ofSeconds(3));
        CommitCalls.CLEAR_OUTBOX.run(scripts, ReturnType.MULTI, KEYS, "1", "e");
        List<String> before = idsOf(pipelines.name());
        assertThat(before).hasSize(1);
        assertThat(own.admin("CLIENT", "KILL", "ID", before.getFirst())).isEqualTo(1L); // as a restart closes every connection

        assertThat(CommitCalls.CLEAR_OUTBOX.<List<Object>>run(scripts, ReturnType.MULTI, KEYS, "1", "e"))
                .as("the write failed before any byte left (EPIPE on a unix socket), so it went on a new connection")
                .containsExactly(0L);
        assertThat(idsOf(pipelines.name())).hasSize(1).doesNotContainAnyElementsOf(before);
    }

    @Test
    void aSocketThatIsNotThereFailsTheCallNamingIt() {
        pipelines = DirectPipelines.over(own.client(), own.server().url() + "?socket=/nonexistent/sluice-test/redis.sock", 1,
                DirectPipelines.CHECK_AFTER, Duration.ofSeconds(3));
        DirectPipelines.attach(own.client(), pipelines);
        Scripts scripts = Scripts.of(own.client());
        assertThatThrownBy(() -> CommitCalls.CLEAR_OUTBOX.run(scripts, ReturnType.MULTI, KEYS, "1", "e"))
                .isInstanceOf(RedisConnectionException.class).hasMessageContaining("/nonexistent/sluice-test/redis.sock");
    }

    /** Direct pipelines on the class's client through the server's socket, each read waiting at most {@code timeout}. */
    private Scripts direct(Duration timeout) {
        String url = own.server().url() + "?socket=" + own.server().unixSocket().orElseThrow();
        pipelines = DirectPipelines.over(own.client(), url, 2, DirectPipelines.CHECK_AFTER, timeout);
        DirectPipelines.attach(own.client(), pipelines);
        return Scripts.of(own.client());
    }

    /** The {@code flags=} of each of the server's connections named {@code name}. */
    private static List<String> flagsOf(String name) {
        return own.connectionField(name, "flags=");
    }

    /** The {@code id=} of each of the server's connections named {@code name}. */
    private static List<String> idsOf(String name) {
        return own.connectionField(name, "id=");
    }

    private static void signal(String signal, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor()).as("kill -" + signal + " " + pid).isZero();
    }
}
