package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.functions.observe.SluiceMeters;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.api.RBatch;
import org.redisson.api.RScript;
import org.redisson.client.codec.StringCodec;

/**
 * The Redis call timer on a real server (the shared test Redis) and on the loopback Redis Cluster: each command, script
 * and pipeline a client of {@link RedisAdapters#client} sends is timed by command, script and outcome once a registry is
 * bound, a server error is counted under its kind, and no tag holds a key.
 */
class RedisCallTimerTest {
    private static final Instant T0 = Instant.parse("2026-12-05T00:00:00Z");
    @RegisterExtension
    static final RedisScope redis = new RedisScope("call-timer");
    @RegisterExtension
    static final RedisScope cluster = RedisScope.onCluster("call-timer-cluster");

    final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @AfterEach
    void unbind() {
        RedisAdapters.meterCalls(redis.client(), null);
    }

    @Test
    void aScriptsRoundTripIsTimedUnderItsNameAndAServerErrorIsCountedUnderItsKind() {
        RedisAdapters.meterCalls(redis.client(), registry);
        var store = new RedisExecutionStore(redis.client(), redis.prefix());
        store.commit(new Commit(new ExecutionSummary("e-1", "p", "n", "RUNNING", "sha256:abc", T0, null), "{}", List.of("started"),
                List.of(), 0, T0));

        Timer commit = timer("EVALSHA", "execution-commit", "ok");
        assertThat(commit.count()).isEqualTo(1);
        assertThat(commit.totalTime(TimeUnit.NANOSECONDS)).as("a round trip takes time").isPositive();

        String key = redis.prefix() + ":a-string";
        redis.client().getBucket(key, StringCodec.INSTANCE).set("x");
        assertThatThrownBy(() -> redis.client().getMap(key, StringCodec.INSTANCE).get("field")).hasMessageContaining("WRONGTYPE");
        assertThat(timer("HGET", RedisCallMeters.NO_SCRIPT, "wrongtype").count()).isEqualTo(1);
        assertThat(timer("SET", RedisCallMeters.NO_SCRIPT, "ok").count()).isEqualTo(1);

        assertThat(registry.getMeters()).allSatisfy(m -> assertThat(m.getId().getTags()).extracting(Tag::getValue)
                .noneMatch(v -> v.contains(redis.prefix()) || v.contains("e-1")));
    }

    @Test
    void aPipelineIsOneRoundTripNamedByTheScriptItRuns() {
        RedisAdapters.meterCalls(redis.client(), registry);
        RBatch batch = redis.client().createBatch();
        batch.getBucket(redis.prefix() + ":a", StringCodec.INSTANCE).getAsync();
        batch.getBucket(redis.prefix() + ":b", StringCodec.INSTANCE).getAsync();
        batch.execute();
        assertThat(timer(RedisCallMeters.PIPELINE, RedisCallMeters.NO_SCRIPT, "ok").count()).isEqualTo(1);
        assertThat(registry.find(SluiceMeters.REDIS_CALLS).tag(SluiceMeters.COMMAND, "GET").timers())
                .as("the commands of a pipeline are not timed one by one").isEmpty();

        Scripts scripts = Scripts.of(redis.client());
        RBatch commit = scripts.batch();
        CommitCalls.COMMIT.addTo(scripts, commit, RScript.ReturnType.MULTI, List.of(redis.prefix() + ":x"), "not-json");
        commit.executeAsync().toCompletableFuture().handle((r, e) -> null).join();
        assertThat(timers(SluiceMeters.SCRIPT, "execution-commit")).as("a pipeline of one script is named by it")
                .extracting(t -> t.getId().getTag(SluiceMeters.COMMAND)).containsExactly(RedisCallMeters.PIPELINE);
    }

    @Test
    void aPipelineWhoseCommandFailedCountsAsThatFailure() {
        String key = redis.prefix() + ":a-string";
        redis.client().getBucket(key, StringCodec.INSTANCE).set("x");
        RedisAdapters.meterCalls(redis.client(), registry);
        RBatch batch = redis.client().createBatch();
        batch.getBucket(key, StringCodec.INSTANCE).getAsync();
        batch.getMap(key, StringCodec.INSTANCE).getAsync("field");
        assertThatThrownBy(batch::execute).hasMessageContaining("WRONGTYPE");
        assertThat(timer(RedisCallMeters.PIPELINE, RedisCallMeters.NO_SCRIPT, "wrongtype").count()).isEqualTo(1);
        assertThat(registry.find(SluiceMeters.REDIS_CALLS).tag(SluiceMeters.COMMAND, RedisCallMeters.PIPELINE).tag(SluiceMeters.OUTCOME, "ok")
                .timers()).isEmpty();
    }

    @Test
    void nothingIsMeasuredUntilARegistryIsBoundNorAfterItIsUnbound() {
        redis.client().getBucket(redis.prefix() + ":k", StringCodec.INSTANCE).get();
        RedisAdapters.meterCalls(redis.client(), registry);
        RedisAdapters.meterCalls(redis.client(), null);
        redis.client().getBucket(redis.prefix() + ":k", StringCodec.INSTANCE).get();
        // A timed call is recorded on the event loop after its reply; an untimed one never: a timed marker call after them
        // is recorded last, so once it shows, the untimed ones would have too.
        RedisAdapters.meterCalls(redis.client(), registry);
        redis.client().getBucket(redis.prefix() + ":marker", StringCodec.INSTANCE).isExists();
        timer("EXISTS", RedisCallMeters.NO_SCRIPT, "ok");
        assertThat(registry.find(SluiceMeters.REDIS_CALLS).tag(SluiceMeters.COMMAND, "GET").timers())
                .as("the calls made while no registry was bound").isEmpty();
    }

    @Test
    void onClusterAScriptOverKeysInTwoSlotsIsCountedAsCrossslot() {
        RedisAdapters.meterCalls(cluster.client(), registry);
        try {
            RScript script = cluster.client().getScript(StringCodec.INSTANCE);
            List<Object> keys = List.of(cluster.prefix() + ":{a}", cluster.prefix() + ":{b}");
            assertThatThrownBy(() -> script.eval(RScript.Mode.READ_WRITE, "return redis.call('mget', KEYS[1], KEYS[2])",
                    RScript.ReturnType.MULTI, keys)).hasMessageContaining("CROSSSLOT");
            assertThat(timers(SluiceMeters.OUTCOME, "crossslot")).extracting(Timer::count).containsExactly(1L);
            // Redisson sends an eval's script by its SHA-1 first (EVALSHA), then in full if the server does not know it.
            assertThat(registry.find(SluiceMeters.REDIS_CALLS).tag(SluiceMeters.OUTCOME, "crossslot").timer().getId()
                    .getTag(SluiceMeters.COMMAND)).isIn("EVAL", "EVALSHA");
        } finally {
            RedisAdapters.meterCalls(cluster.client(), null);
        }
    }

    /**
     * The timer of those tags once it has recorded a call: a call is recorded when Redisson completes its promise, on the
     * connection's event loop, which may be just after the caller saw the reply.
     */
    private Timer timer(String command, String script, String outcome) {
        return await().atMost(Duration.ofSeconds(10)).until(() -> registry.find(SluiceMeters.REDIS_CALLS)
                .tags(SluiceMeters.COMMAND, command, SluiceMeters.SCRIPT, script, SluiceMeters.OUTCOME, outcome).timer(),
                t -> t != null && t.count() > 0);
    }

    private List<Timer> timers(String tag, String value) {
        return await().atMost(Duration.ofSeconds(10)).until(() -> List.copyOf(registry.find(SluiceMeters.REDIS_CALLS).tag(tag, value).timers()),
                t -> !t.isEmpty() && t.stream().allMatch(x -> x.count() > 0));
    }
}
