package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.TimerIndex;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;

/** What the contracts cannot see: wiring from properties, the documented key layout, and the expiries Redis applies. */
class RedisAdaptersTest {
    private static final Instant T0 = Instant.parse("2026-11-29T00:00:00Z");
    private static RedissonClient redisson;
    private final String prefix = RedisTestSupport.uniquePrefix("layout");

    @BeforeAll
    static void connect() {
        redisson = RedisTestSupport.connect();
    }

    @AfterAll
    static void disconnect() {
        redisson.shutdown();
    }

    @AfterEach
    void deleteKeys() {
        RedisTestSupport.deleteKeys(redisson, prefix);
    }

    @Test
    void theAdaptersOpenFromPropertiesAndShareOnePrefix() {
        var properties = SluiceRedisProperties.of(RedisTestServer.shared().url()).withKeyPrefix(prefix).withTimerShards(2);
        try (RedisAdapters adapters = RedisAdapters.open(properties)) {
            adapters.timerIndex().schedule("t", T0, "wake");
            assertThat(adapters.timerIndex().takeDue(T0, 10, Duration.ofSeconds(5)))
                    .containsExactly(new TimerIndex.DueTimer("t", T0, "wake"));
            assertThat(adapters.idempotencyStore().claim("k", "w1", T0, Duration.ofSeconds(5))).isEqualTo(new ClaimResult.Claimed(false));
            assertThat(adapters.executionStore().load("absent")).isEmpty();
        }
        assertThat(keys()).allMatch(key -> key.startsWith(prefix + ":")).hasSize(3);
    }

    @Test
    void anExecutionKeepsItsOwnKeysUnderOneHashTagAndIsIndexedGlobally() {
        var store = new RedisExecutionStore(redisson, prefix);
        var summary = new ExecutionSummary("e-1", "ingest:sales", "run-1", "RUNNING", "sha256:abc", T0, null);
        store.commit(new Commit(summary, "{}", List.of("started"), List.of("dispatch"), 0, T0));
        assertThat(keys()).containsExactlyInAnyOrder(
                prefix + ":exec:{e-1}", prefix + ":exec:{e-1}:outbox", prefix + ":exec:{e-1}:history",
                prefix + ":outbox-pending", prefix + ":idx:all", prefix + ":idx:pipeline:ingest:sales",
                prefix + ":idx:status:RUNNING", prefix + ":idx:pipeline-status:7:RUNNING:ingest:sales");

        var done = new ExecutionSummary("e-1", "ingest:sales", "run-1", "SUCCEEDED", "sha256:abc", T0, T0.plusSeconds(1));
        store.commit(new Commit(done, "{}", List.of(), List.of(), 1, T0));
        assertThat(keys()).doesNotContain(prefix + ":exec:{e-1}:outbox", prefix + ":outbox-pending",
                prefix + ":idx:status:RUNNING", prefix + ":idx:pipeline-status:7:RUNNING:ingest:sales");
    }

    @Test
    void aCompletedTokenExpiresAfterItsRetentionAndAnUnfinishedOneLongAfterItsLease() {
        var store = new RedisIdempotencyStore(redisson, prefix, Duration.ofHours(1));
        store.claim("open", "w1", T0, Duration.ofSeconds(30));
        store.claim("done", "w1", T0, Duration.ofSeconds(30));
        store.complete("done", "w1", "ok", T0.plusSeconds(1), Duration.ofMinutes(10));
        long openTtl = redisson.getKeys().remainTimeToLive(prefix + ":idem:open");
        long doneTtl = redisson.getKeys().remainTimeToLive(prefix + ":idem:done");
        assertThat(openTtl).isBetween(Duration.ofHours(1).toMillis(), Duration.ofHours(1).plusSeconds(30).toMillis());
        assertThat(doneTtl).isBetween(Duration.ofMinutes(9).toMillis(), Duration.ofMinutes(10).toMillis());
    }

    @Test
    void timersSpreadOverTheConfiguredShards() {
        var timers = new RedisTimerIndex(redisson, prefix, 4);
        for (int i = 0; i < 100; i++) {
            timers.schedule("timer-" + i, T0, "p");
        }
        assertThat(keys()).hasSize(8).allSatisfy(key -> assertThat(key).matches(
                java.util.regex.Pattern.quote(prefix + ":timers:{" + prefix + ":") + "[0-3]\\}:(due|data)"));
    }

    @Test
    void keyPrefixesWithBracesAreRefused() {
        assertThatThrownBy(() -> new RedisTimerIndex(redisson, "tenant{a}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'{'");
        assertThatThrownBy(() -> SluiceRedisProperties.of("redis://:secret@localhost:6379").withKeyPrefix(" "))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(SluiceRedisProperties.of("redis://:secret@localhost:6379").toString())
                .contains("redis://***@localhost:6379").doesNotContain("secret");
    }

    private List<String> keys() {
        return RedisTestSupport.keys(redisson, prefix);
    }
}
