package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.channel.epoll.Epoll;
import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.TimerIndex;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.config.TransportMode;

/** What the contracts cannot see: wiring from properties, the documented key layout, and the expiries Redis applies. */
class RedisAdaptersTest {
    private static final Instant T0 = Instant.parse("2026-11-29T00:00:00Z");
    @RegisterExtension
    static final RedisScope redis = new RedisScope("layout");

    @Test
    void theAdaptersOpenFromPropertiesAndShareOnePrefix() {
        var properties = SluiceRedisProperties.of(RedisTestServer.shared().url()).withKeyPrefix(redis.prefix()).withTimerShards(2);
        try (RedisAdapters adapters = RedisAdapters.open(properties)) {
            adapters.timerIndex().schedule("t", T0, "wake");
            assertThat(adapters.timerIndex().takeDue(T0, 10, Duration.ofSeconds(5)))
                    .containsExactly(new TimerIndex.DueTimer("t", T0, "wake"));
            assertThat(adapters.idempotencyStore().claim("k", "w1", T0, Duration.ofSeconds(5))).isEqualTo(new ClaimResult.Claimed(false));
            assertThat(adapters.executionStore().load("absent")).isEmpty();
        }
        assertThat(redis.keys()).allMatch(key -> key.startsWith(redis.prefix() + ":")).hasSize(3);
    }

    /** Linux on x86-64 (this machine, CI, a container host) talks to Redis over Netty's native epoll transport. */
    @Test
    void theClientUsesNettysNativeTransportWhereItLoads() {
        assumeTrue("Linux".equals(System.getProperty("os.name")) && "amd64".equals(System.getProperty("os.arch")), "Linux on x86-64");
        assertThat(Epoll.isAvailable()).as("the native library loads: %s", Epoll.unavailabilityCause()).isTrue();
        var properties = SluiceRedisProperties.of(RedisTestServer.shared().url()).withKeyPrefix(redis.prefix());
        try (RedisAdapters adapters = RedisAdapters.open(properties)) {
            assertThat(adapters.redisson().getConfig().getTransportMode()).isEqualTo(TransportMode.EPOLL);
            assertThat(adapters.idempotencyStore().claim("k", "w1", T0, Duration.ofSeconds(5))).isEqualTo(new ClaimResult.Claimed(false));
        }
        System.setProperty("sluice.redis.transport", "nio");
        try {
            assertThat(RedisAdapters.transport()).as("-Dsluice.redis.transport=nio").isEqualTo(TransportMode.NIO);
        } finally {
            System.clearProperty("sluice.redis.transport");
        }
    }

    /**
     * The client's connections share one Netty event loop per two cores, at least one (Redisson would start 32): callers
     * in their hundreds still each get their own reply. {@code -Dsluice.redis.event-loops} sets the number.
     */
    @Test
    void theClientsConnectionsShareOneEventLoopPerTwoCores() throws InterruptedException {
        var properties = SluiceRedisProperties.of(RedisTestServer.shared().url()).withKeyPrefix(redis.prefix());
        try (RedisAdapters adapters = RedisAdapters.open(properties)) {
            assertThat(adapters.redisson().getConfig().getNettyThreads()).isEqualTo(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
            java.util.concurrent.ConcurrentMap<Integer, ClaimResult> claimed = new java.util.concurrent.ConcurrentHashMap<>();
            List<Thread> callers = new java.util.ArrayList<>();
            for (int i = 0; i < 300; i++) {
                int n = i;
                callers.add(Thread.ofVirtual().start(() -> claimed.put(n, adapters.idempotencyStore().claim("k" + n, "w" + n, T0, Duration.ofSeconds(5)))));
            }
            for (Thread t : callers) {
                t.join();
            }
            assertThat(claimed).hasSize(300).allSatisfy((n, result) -> assertThat(result).isEqualTo(new ClaimResult.Claimed(false)));
        }
        System.setProperty("sluice.redis.event-loops", "3");
        try {
            assertThat(RedisAdapters.eventLoops()).as("-Dsluice.redis.event-loops=3").isEqualTo(3);
        } finally {
            System.clearProperty("sluice.redis.event-loops");
        }
    }

    @Test
    void anExecutionKeepsItsOwnKeysUnderOneHashTagAndIsIndexedGlobally() {
        var store = new RedisExecutionStore(redis.client(), redis.prefix());
        var summary = new ExecutionSummary("e-1", "ingest:sales", "run-1", "RUNNING", "sha256:abc", T0, null);
        store.commit(new Commit(summary, "{}", List.of("started"), List.of("dispatch"), 0, T0));
        assertThat(redis.keys()).containsExactlyInAnyOrder(
                redis.prefix() + ":exec:{e-1}", redis.prefix() + ":exec:{e-1}:outbox", redis.prefix() + ":exec:{e-1}:history",
                redis.prefix() + ":outbox-pending", redis.prefix() + ":idx:all", redis.prefix() + ":idx:pipeline:ingest:sales",
                redis.prefix() + ":idx:status:RUNNING", redis.prefix() + ":idx:pipeline-status:7:RUNNING:ingest:sales");

        var done = new ExecutionSummary("e-1", "ingest:sales", "run-1", "SUCCEEDED", "sha256:abc", T0, T0.plusSeconds(1));
        store.commit(new Commit(done, "{}", List.of(), List.of(), 1, T0));
        assertThat(redis.keys()).doesNotContain(redis.prefix() + ":exec:{e-1}:outbox", redis.prefix() + ":outbox-pending",
                redis.prefix() + ":idx:status:RUNNING", redis.prefix() + ":idx:pipeline-status:7:RUNNING:ingest:sales");
    }

    @Test
    void aCompletedTokenExpiresAfterItsRetentionAndAnUnfinishedOneLongAfterItsLease() {
        var store = new RedisIdempotencyStore(redis.client(), redis.prefix(), Duration.ofHours(1));
        store.claim("open", "w1", T0, Duration.ofSeconds(30));
        store.claim("done", "w1", T0, Duration.ofSeconds(30));
        store.complete("done", "w1", "ok", T0.plusSeconds(1), Duration.ofMinutes(10));
        long openTtl = redis.client().getKeys().remainTimeToLive(redis.prefix() + ":idem:open");
        long doneTtl = redis.client().getKeys().remainTimeToLive(redis.prefix() + ":idem:done");
        assertThat(openTtl).isBetween(Duration.ofHours(1).toMillis(), Duration.ofHours(1).plusSeconds(30).toMillis());
        assertThat(doneTtl).isBetween(Duration.ofMinutes(9).toMillis(), Duration.ofMinutes(10).toMillis());
    }

    @Test
    void timersSpreadOverTheConfiguredShards() {
        var timers = new RedisTimerIndex(redis.client(), redis.prefix(), 4);
        for (int i = 0; i < 100; i++) {
            timers.schedule("timer-" + i, T0, "p");
        }
        assertThat(redis.keys()).hasSize(8).allSatisfy(key -> assertThat(key).matches(
                java.util.regex.Pattern.quote(redis.prefix() + ":timers:{" + redis.prefix() + ":") + "[0-3]\\}:(due|data)"));
    }

    @Test
    void keyPrefixesWithBracesAreRefused() {
        assertThatThrownBy(() -> new RedisTimerIndex(redis.client(), "tenant{a}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'{'");
        assertThatThrownBy(() -> SluiceRedisProperties.of("redis://:secret@localhost:6379").withKeyPrefix(" "))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(SluiceRedisProperties.of("redis://:secret@localhost:6379").toString())
                .contains("redis://***@localhost:6379").doesNotContain("secret");
    }
}
