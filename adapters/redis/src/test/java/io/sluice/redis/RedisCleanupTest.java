package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/** The testkit's cleanup on the real server: the keys under a prefix go, a neighbour's (a prefix of the same letters) stay. */
class RedisCleanupTest {
    @Test
    void deletesEveryKeyUnderThePrefixAndNothingElse() {
        String url = RedisTestServer.shared().url();
        String prefix = "sluice-test:cleanup:" + UUID.randomUUID();
        RedissonClient redis = RedisAdapters.client(url);
        try {
            for (int i = 0; i < 1500; i++) {
                redis.getBucket(prefix + ":k" + i, StringCodec.INSTANCE).set("v");
            }
            redis.getMap(prefix + ":exec:{a*b}", StringCodec.INSTANCE).put("f", "v");
            redis.getBucket(prefix + "-neighbour:k", StringCodec.INSTANCE).set("v");

            assertThat(RedisCleanup.delete(url, prefix)).isEqualTo(1501);

            assertThat(redis.getKeys().countExists(prefix + ":k0", prefix + ":exec:{a*b}")).isZero();
            assertThat(redis.getBucket(prefix + "-neighbour:k", StringCodec.INSTANCE).isExists()).isTrue();
        } finally {
            redis.getKeys().delete(prefix + "-neighbour:k");
            redis.shutdown();
        }
        assertThatThrownBy(() -> RedisCleanup.delete(url, " ")).isInstanceOf(IllegalArgumentException.class);
    }
}
