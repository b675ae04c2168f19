package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.functions.observe.SluiceMeters;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.api.RScript.ReturnType;
import org.redisson.client.RedisConnectionException;
import org.redisson.client.RedisException;
import org.redisson.client.RedisNoScriptException;
import org.redisson.client.codec.StringCodec;

/**
 * The scripts' direct pipelines ({@link DirectPipelines}, {@link DirectPipeline}, {@link RespConnection}) on a real
 * server of the test's own, which asks for a password: {@code SCRIPT FLUSH} and {@code CLIENT KILL} here reach no
 * other test. The oracle for what a reply decodes to is Redisson's own decoding of the same script (its
 * {@code StringCodec}, the codec every adapter's script runs with), which the adapters were written against.
 */
class DirectPipelinesTest {
    @RegisterExtension
    static final OwnRedis own = new OwnRedis("direct");
    private DirectPipelines pipelines;

    @AfterEach
    void detach() {
        DirectPipelines.detach(own.client());
        RedisAdapters.meterCalls(own.client(), null);
        own.client().getKeys().flushall();
    }

    /** Direct pipelines on the class's client that check an idle connection before each use when {@code checkAfter} is zero. */
    private Scripts direct(Duration checkAfter) {
        pipelines = DirectPipelines.over(own.client(), own.url(), 4, checkAfter);
        DirectPipelines.attach(own.client(), pipelines);
        return Scripts.of(own.client());
    }

    @Test
    void aReplyDecodesAsRedissonDecodesTheSameScriptWithTheReturnTypesTheAdaptersUse() {
        record Case(String script, ReturnType type) {}
        List<Case> cases = List.of(
                new Case("return {1, 'text', {2, 'nested', {}}, 'é ünïcode', -7}", ReturnType.MULTI),
                new Case("return {}", ReturnType.MULTI),
                new Case("return {1, 'two'}", ReturnType.MULTI),
                new Case("return 42", ReturnType.INTEGER),
                new Case("return -1", ReturnType.INTEGER),
                new Case("return false", ReturnType.INTEGER),
                new Case("return 'a bulk string'", ReturnType.VALUE),
                new Case("return false", ReturnType.VALUE),
                new Case("return 7", ReturnType.VALUE));
        for (Case c : cases) {
            Object expected = own.client().getScript(StringCodec.INSTANCE).eval(org.redisson.api.RScript.Mode.READ_WRITE, c.script(),
                    c.type(), List.of());
            assertThat(own.admin("EVAL", c.script(), "0")).as(c.script() + " as " + c.type()).isEqualTo(expected);
        }
    }

    @Test
    void manyArgumentsAndALargeOneArriveWhole() {
        List<Object> command = new ArrayList<>(List.of("EVAL", "return {#ARGV, ARGV[#ARGV], string.len(ARGV[#ARGV])}", "0"));
        for (int i = 0; i < 1_499; i++) {
            command.add(Integer.toString(i));
        }
        String large = "é".repeat(60_000); // two bytes each in UTF-8: 120,000 bytes, past the write buffer's first size
        command.add(large);

        assertThat(own.admin(command.toArray())).isEqualTo(List.of(1_500L, large, 120_000L));
    }

    @Test
    void aPipelineRunsItsScriptsInOrderInOneRoundTripAndAFailureFailsOnlyItsScript() {
        Scripts scripts = direct(DirectPipelines.CHECK_AFTER);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        RedisAdapters.meterCalls(own.client(), registry);
        own.client().getBucket("{direct}:s", StringCodec.INSTANCE).set("a string, not an execution's hash");
        List<Object> none = List.of("{direct}:h", "{direct}:o", "{direct}:p");
        ScriptPipeline pipeline = scripts.pipeline();
        CompletableFuture<List<Object>> first = pipeline.add(CommitCalls.CLEAR_OUTBOX, ReturnType.MULTI, none, "1", "e");
        CompletableFuture<List<Object>> wrong = pipeline.add(CommitCalls.CLEAR_OUTBOX, ReturnType.MULTI,
                List.of("{direct}:s", "{direct}:o", "{direct}:p"), "1", "e");
        CompletableFuture<List<Object>> third = pipeline.add(CommitCalls.CLEAR_OUTBOX, ReturnType.MULTI, none, "1", "e");

        assertThatThrownBy(pipeline::execute).as("the server's own error, the first of the pipeline's")
                .isInstanceOf(RedisException.class).hasMessageContaining("WRONGTYPE");
        assertThat(first).as("no such execution: not cleared").isCompletedWithValue(List.of(0L));
        assertThat(wrong).isCompletedExceptionally();
        assertThat(third).as("a script after a failed one still ran").isCompletedWithValue(List.of(0L));
        assertThat(registry.find(SluiceMeters.REDIS_CALLS).tag(SluiceMeters.COMMAND, RedisCallMeters.PIPELINE)
                .tag(SluiceMeters.SCRIPT, "execution-clear-outbox").timer()).as("timed as one round trip, by its script")
                .isNotNull().satisfies(t -> assertThat(t.count()).isEqualTo(1));
    }

    @Test
    void aScriptTheServerLostIsLoadedAgainOnARunAndOnTheNextPipeline() {
        Scripts scripts = direct(DirectPipelines.CHECK_AFTER);
        List<Object> keys = List.of("{direct}:h", "{direct}:o", "{direct}:p");
        List<Object> before = CommitCalls.CLEAR_OUTBOX.run(scripts, ReturnType.MULTI, keys, "1", "e");
        own.client().getScript().scriptFlush();

        assertThat(CommitCalls.CLEAR_OUTBOX.<List<Object>>run(scripts, ReturnType.MULTI, keys, "1", "e"))
                .as("a lone script did not run: it is loaded and run again").isEqualTo(before);

        own.client().getScript().scriptFlush();
        ScriptPipeline lost = scripts.pipeline();
        lost.add(CommitCalls.CLEAR_OUTBOX, ReturnType.MULTI, keys, "1", "e");
        assertThatThrownBy(lost::execute).isInstanceOf(RedisNoScriptException.class);
        ScriptPipeline next = scripts.pipeline();
        CompletableFuture<List<Object>> reply = next.add(CommitCalls.CLEAR_OUTBOX, ReturnType.MULTI, keys, "1", "e");
        next.execute();
        assertThat(reply).isCompletedWithValue(before);
    }

    @Test
    void aConnectionTheServerDroppedFailsOneRoundTripAndTheNextOpensAnother() {
        Scripts scripts = direct(DirectPipelines.CHECK_AFTER);
        List<Object> keys = List.of("{direct}:h", "{direct}:o", "{direct}:p");
        CommitCalls.CLEAR_OUTBOX.run(scripts, ReturnType.MULTI, keys, "1", "e");
        assertThat(killConnectionsOf(pipelines)).as("the pool keeps the connection it used").isEqualTo(1);

        assertThatThrownBy(() -> CommitCalls.CLEAR_OUTBOX.run(scripts, ReturnType.MULTI, keys, "1", "e"))
                .isInstanceOf(RedisConnectionException.class).hasMessageContaining("may or may not have taken effect")
                .hasMessageNotContaining(own.password());
        assertThat(CommitCalls.CLEAR_OUTBOX.<List<Object>>run(scripts, ReturnType.MULTI, keys, "1", "e")).containsExactly(0L);
    }

    @Test
    void anIdleConnectionIsCheckedBeforeItIsLentAgain() {
        Scripts scripts = direct(Duration.ZERO);
        List<Object> keys = List.of("{direct}:h", "{direct}:o", "{direct}:p");
        CommitCalls.CLEAR_OUTBOX.run(scripts, ReturnType.MULTI, keys, "1", "e");
        assertThat(killConnectionsOf(pipelines)).isEqualTo(1);

        assertThat(CommitCalls.CLEAR_OUTBOX.<List<Object>>run(scripts, ReturnType.MULTI, keys, "1", "e"))
                .as("the dropped connection failed its check and a new one ran the script").containsExactly(0L);
    }

    @Test
    void roundTripsOneAfterAnotherReuseOneConnectionAndGivenBackOnesAreKept() {
        Scripts scripts = direct(DirectPipelines.CHECK_AFTER);
        List<Object> keys = List.of("{direct}:h", "{direct}:o", "{direct}:p");
        for (int i = 0; i < 20; i++) {
            CommitCalls.CLEAR_OUTBOX.run(scripts, ReturnType.MULTI, keys, "1", "e");
        }
        assertThat(connectionsNamed(pipelines.name())).as("each round trip gave its connection back").hasSize(1);

        List<RespConnection> held = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            held.add(pipelines.borrow()); // the pool's size: 4
        }
        assertThat(connectionsNamed(pipelines.name())).hasSize(4);
        held.forEach(pipelines::release);
        assertThat(CommitCalls.CLEAR_OUTBOX.<List<Object>>run(scripts, ReturnType.MULTI, keys, "1", "e")).containsExactly(0L);
        assertThat(connectionsNamed(pipelines.name())).as("kept for the next round trips, none opened beyond them").hasSize(4);
    }

    @Test
    void aServerThatCannotBeReachedFailsTheCallAndIsCountedAsAConnectionFailure() {
        pipelines = DirectPipelines.over(own.client(), "redis://127.0.0.1:1", 1, DirectPipelines.CHECK_AFTER); // nothing listens on port 1
        DirectPipelines.attach(own.client(), pipelines);
        Scripts scripts = Scripts.of(own.client());
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        RedisAdapters.meterCalls(own.client(), registry);

        assertThatThrownBy(() -> CommitCalls.CLEAR_OUTBOX.run(scripts, ReturnType.MULTI, List.of("{direct}:h", "{direct}:o", "{direct}:p"), "1", "e"))
                .isInstanceOf(RedisConnectionException.class).hasMessageContaining("127.0.0.1:1");
        assertThat(registry.find(SluiceMeters.REDIS_CALLS).tag(SluiceMeters.COMMAND, "EVALSHA")
                .tag(SluiceMeters.SCRIPT, "execution-clear-outbox").tag(SluiceMeters.OUTCOME, RedisCallOutcome.CONNECTION).timer())
                .isNotNull().satisfies(t -> assertThat(t.count()).isEqualTo(1));
    }

    @Test
    void aWrongPasswordIsRefusedWithoutShowingItAndClosingTheAdaptersClosesTheConnections() {
        String wrong = own.url().replace(own.password(), "not-the-password");
        DirectPipelines refused = DirectPipelines.over(own.client(), wrong, 1, DirectPipelines.CHECK_AFTER);
        assertThatThrownBy(refused::borrow).isInstanceOf(RedisConnectionException.class)
                .hasMessageContaining("refused the connection's set-up").hasMessageNotContaining("not-the-password");

        RedisAdapters adapters = RedisAdapters.open(SluiceRedisProperties.of(own.url()).withKeyPrefix("direct"));
        DirectPipelines attached = DirectPipelines.of(adapters.redisson());
        try {
            assertThat(attached).as("one server over plain TCP: attached by default").isNotNull();
            assertThat(adapters.executionStore().clearOutbox("e", 1)).isFalse();
            assertThat(connectionsNamed(attached.name())).hasSize(1);
        } finally {
            adapters.close();
        }
        assertThat(connectionsNamed(attached.name())).as("closed with the adapters").isEmpty();
        assertThat(DirectPipelines.allowed(RedisUrl.parse("redis+cluster://127.0.0.1:7000"))).isFalse();
        assertThat(DirectPipelines.allowed(RedisUrl.parse("rediss://127.0.0.1:6380"))).isFalse();
    }

    /** Kills the server's connections named as {@code pool}'s; how many. */
    private static int killConnectionsOf(DirectPipelines pool) {
        List<String> ids = connectionsNamed(pool.name());
        for (String id : ids) {
            assertThat(own.admin("CLIENT", "KILL", "ID", id)).isEqualTo(1L);
        }
        return ids.size();
    }

    /** The ids of the server's connections named {@code name}. */
    private static List<String> connectionsNamed(String name) {
        return own.connectionField(name, "id=");
    }
}
