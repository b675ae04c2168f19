package io.sluice.aws.snapstart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.embedded.EmbeddedRedis;
import io.sluice.orchestration.port.ClaimResult;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.SluiceRedisProperties;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;

/**
 * The SnapStart hooks of the Spring functions, driven as Lambda's SnapStart drives {@code org.crac} resources (this JVM has
 * no CRaC, so the test calls beforeCheckpoint and afterRestore itself;
 * https://docs.aws.amazon.com/lambda/latest/dg/snapstart-runtime-hooks-java.html), on real Redis servers: the one the
 * function used before the snapshot is stopped between the hooks, and the restore finds another, with another password
 * (the settings and the AUTH secret are read again when the client opens). The adapters built before the snapshot, and the
 * Lua script handles they keep, work after the restore without being rebuilt.
 */
class RestoreHooksTest {
    private static final Instant NOW = Instant.parse("2026-12-05T04:00:00Z");
    private EmbeddedRedis before;
    private EmbeddedRedis after;
    private RedisAdapters adapters;

    @AfterEach
    void stop() {
        if (adapters != null) adapters.close();
        if (before != null) before.close();
        if (after != null) after.close();
    }

    @Test
    void redisIsClosedBeforeTheSnapshotAndOpenedAgainOnTheServerTheRestoreFinds() throws Exception {
        before = redis("before-snapshot-password");
        AtomicReference<String> secretAndAddress = new AtomicReference<>(before.url());
        AtomicInteger opened = new AtomicInteger();
        RestorableRedisson redis = RestorableRedisson.open(() -> {
            opened.incrementAndGet();
            return RedisAdapters.client(secretAndAddress.get(), RedisAdapters.Pool.FUNCTION);
        });
        adapters = RedisAdapters.over(redis.client(), SluiceRedisProperties.of(before.url()).withKeyPrefix("snap"));
        RestoreHooks hooks = new RestoreHooks(List.of(new RestoreHooks.Restorable() {
            @Override
            public void closeForCheckpoint() {
                redis.close();
            }

            @Override
            public void openAfterRestore() {
                redis.reopen();
            }
        }));
        assertThat(adapters.idempotencyStore().claim("task-1", "init", NOW, Duration.ofMinutes(1))).isInstanceOf(ClaimResult.Claimed.class);

        hooks.beforeCheckpoint(null);

        assertThatThrownBy(() -> adapters.idempotencyStore().claim("task-2", "init", NOW, Duration.ofMinutes(1)))
                .hasMessageContaining("between a SnapStart checkpoint and its restore");
        before.close();
        before = null;
        after = redis("after-restore-password");
        secretAndAddress.set(after.url());

        hooks.afterRestore(null);

        assertThat(opened).hasValue(2);
        assertThat(adapters.idempotencyStore().claim("task-2", "restored", NOW, Duration.ofMinutes(1)))
                .as("the script handle taken at init runs on the restored client").isInstanceOf(ClaimResult.Claimed.class);
        assertThat(adapters.replayGuard().firstSeen("delivery-1", NOW, Duration.ofMinutes(5))).isTrue();
        assertThat(adapters.replayGuard().firstSeen("delivery-1", NOW, Duration.ofMinutes(5))).isFalse();
        RedissonClient direct = RedisAdapters.client(after.url());
        try {
            assertThat(direct.getKeys().countExists(direct.getKeys().getKeysStream().toList().toArray(String[]::new)))
                    .as("the writes after the restore are on the new server").isPositive();
        } finally {
            direct.shutdown();
        }
    }

    @Test
    void aClosedClientSaysSoAndShutsDownOnce() {
        before = redis(null);
        RestorableRedisson redis = RestorableRedisson.open(() -> RedisAdapters.client(before.url(), RedisAdapters.Pool.FUNCTION));
        RedissonClient client = redis.client();
        assertThat(client.isShutdown()).isFalse();

        client.shutdown();

        assertThat(client.isShutdown()).isTrue();
        assertThatThrownBy(() -> client.getBucket("k").get()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("SnapStart checkpoint");
    }

    private static EmbeddedRedis redis(String password) {
        return EmbeddedRedis.start(new EmbeddedRedis.Options("redis-server", System.getenv().getOrDefault("PATH", ""), null,
                EmbeddedRedis.Persistence.NONE, password));
    }
}
