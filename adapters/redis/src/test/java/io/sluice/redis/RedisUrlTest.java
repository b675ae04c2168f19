package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.testkit.redis.RedisTestCluster;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The URL forms of {@link SluiceRedisProperties#url()}: one server as before, Redis Cluster with {@code +cluster}. */
class RedisUrlTest {

    @Test
    void aSingleServerUrlReadsAsBefore() {
        RedisUrl url = RedisUrl.parse("redis://app:s%40cret@redis.internal:6380/2");
        assertThat(url.cluster()).isFalse();
        assertThat(url.tls()).isFalse();
        assertThat(url.user()).isEqualTo("app");
        assertThat(url.password()).isEqualTo("s@cret");
        assertThat(url.addresses()).containsExactly("redis://redis.internal:6380");
        assertThat(url.database()).isEqualTo(2);
        assertThat(RedisUrl.parse("rediss://:pw@host").addresses()).containsExactly("rediss://host:6379");
        assertThat(RedisUrl.parse("rediss://:pw@host").password()).isEqualTo("pw");
        assertThat(RedisUrl.parse("redis://secret@host:1").password()).as("a lone user info is the password").isEqualTo("secret");
        assertThat(RedisUrl.parse("redis://[::1]:7000").addresses()).containsExactly("redis://[::1]:7000");
    }

    @Test
    void theHostAndPortOfAOneServerUrlAreItsNodesWithTheDefaultPortAndWithoutAnIpv6LiteralsBrackets() {
        RedisUrl named = RedisUrl.parse("redis://:pw@redis.internal:6380/2");
        assertThat(named.host()).isEqualTo("redis.internal");
        assertThat(named.port()).isEqualTo(6380);
        RedisUrl defaulted = RedisUrl.parse("redis://127.0.0.1");
        assertThat(defaulted.host()).isEqualTo("127.0.0.1");
        assertThat(defaulted.port()).isEqualTo(6379);
        RedisUrl ipv6 = RedisUrl.parse("redis://[::1]:6390");
        assertThat(ipv6.host()).isEqualTo("::1");
        assertThat(ipv6.port()).isEqualTo(6390);
    }

    @Test
    void replicaAcksAreAClusterUrlsParameterAndNothingElseIsOne() {
        RedisUrl acked = RedisUrl.parse("redis+cluster://127.0.0.1:7000,127.0.0.1:7001?replica-acks=1");
        assertThat(acked.replicaAcks()).isEqualTo(1);
        assertThat(acked.toString()).endsWith("?replica-acks=1");
        assertThat(RedisUrl.parse("redis+cluster://127.0.0.1:7000").replicaAcks()).isZero();
        assertThatThrownBy(() -> RedisUrl.parse("redis://127.0.0.1:6379?replica-acks=1"))
                .hasMessageContaining("replica-acks needs a Redis Cluster URL");
        assertThatThrownBy(() -> RedisUrl.parse("redis+cluster://127.0.0.1:7000?replica-acks=many"))
                .hasMessageContaining("replica-acks is 'many'; expected how many replicas must confirm each write, 0 to 5");
        assertThatThrownBy(() -> RedisUrl.parse("redis+cluster://127.0.0.1:7000?ssl=true"))
                .hasMessageContaining("it has the parameter 'ssl'; the known ones are replica-acks=N and socket=/path")
                .hasMessageContaining("SLUICE_REDIS_URL");
    }

    @Test
    void aOneServerUrlMayNameTheServersUnixSocketAnAbsolutePathPercentDecoded() {
        RedisUrl url = RedisUrl.parse("redis://:pw@127.0.0.1:6390?socket=/tmp/my%20redis/redis.sock");
        assertThat(url.socket()).isEqualTo("/tmp/my redis/redis.sock");
        assertThat(url.addresses()).as("Redisson keeps TCP").containsExactly("redis://127.0.0.1:6390");
        assertThat(url.toString()).isEqualTo("redis://***@127.0.0.1:6390?socket=/tmp/my redis/redis.sock");
        assertThat(RedisUrl.parse("redis://127.0.0.1:6390").socket()).isNull();
        assertThatThrownBy(() -> RedisUrl.parse("redis://127.0.0.1?socket=redis.sock"))
                .hasMessageContaining("socket is 'redis.sock'; expected the absolute path of the server's unix socket");
        assertThatThrownBy(() -> RedisUrl.parse("redis://127.0.0.1?socket=/tmp/a%2"))
                .hasMessageContaining("its socket has a '%' that is not followed by two hex digits");
        assertThatThrownBy(() -> RedisUrl.parse("rediss://127.0.0.1?socket=/tmp/redis.sock"))
                .hasMessageContaining("socket names a unix socket of one server on this host, reached without TLS: not for rediss://");
        assertThatThrownBy(() -> RedisUrl.parse("redis+cluster://127.0.0.1:7000?socket=/tmp/redis.sock"))
                .hasMessageContaining("not for Redis Cluster");
    }

    @Test
    void aClientMadeFromAnAckingUrlWaitsForThatManyReplicasAndAnotherForNone() {
        var acked = RedisAdapters.client(RedisTestCluster.shared().url() + "?replica-acks=1");
        var plain = RedisAdapters.client(RedisTestCluster.shared().url());
        try {
            assertThat(ReplicaAcks.of(acked)).isEqualTo(new ReplicaAcks(1, ReplicaAcks.DEFAULT_TIMEOUT));
            assertThat(ReplicaAcks.of(plain)).isEqualTo(ReplicaAcks.NONE);
        } finally {
            acked.shutdown();
            plain.shutdown();
        }
    }

    @Test
    void aClusterUrlNamesEveryNodeGiven() {
        RedisUrl url = RedisUrl.parse("rediss+cluster://sluice-app:pw@a.memorydb.aws:6379,b.memorydb.aws:6380");
        assertThat(url.cluster()).isTrue();
        assertThat(url.tls()).isTrue();
        assertThat(url.user()).isEqualTo("sluice-app");
        assertThat(url.password()).isEqualTo("pw");
        assertThat(url.addresses()).containsExactly("rediss://a.memorydb.aws:6379", "rediss://b.memorydb.aws:6380");
        assertThat(RedisUrl.parse("redis+cluster://127.0.0.1:7000").addresses()).containsExactly("redis://127.0.0.1:7000");
        assertThat(url.toString()).doesNotContain("pw");
    }

    @Test
    void aBadUrlIsRefusedNamingTheSettingAndTheFormsExpected() {
        for (String bad : List.of("http://host:6379", "host:6379", "redis://", "redis://a:1,b:2", "redis+cluster://a:1,,b:2",
                "redis://host:99999", "redis://host:x", "redis+cluster://a:1/3", "redis://host/abc")) {
            assertThatThrownBy(() -> SluiceRedisProperties.of(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("SluiceRedisProperties.url").hasMessageContaining("SLUICE_REDIS_URL")
                    .hasMessageContaining("A Redis URL starts with redis://").hasMessageContaining("redis+cluster://");
        }
        assertThatThrownBy(() -> SluiceRedisProperties.of("redis://a:1,b:2")).hasMessageContaining("needs redis+cluster://");
        assertThatThrownBy(() -> SluiceRedisProperties.of("redis+cluster://:topsecret@a:1,b:x"))
                .hasMessageNotContaining("topsecret").hasMessageContaining("b:x");
    }

    @Test
    void aPasswordGivenApartJoinsAClusterUrlToo() {
        SluiceRedisProperties p = SluiceRedisProperties.of("rediss+cluster://app@a:6379,b:6379").withPassword("p@ss word");
        assertThat(p.url()).isEqualTo("rediss+cluster://app:p%40ss%20word@a:6379,b:6379");
        assertThat(RedisUrl.parse(p.url()).password()).isEqualTo("p@ss word");
        assertThat(RedisUrl.parse(p.url()).user()).isEqualTo("app");
        assertThat(p.toString()).doesNotContain("p%40ss");
        assertThatThrownBy(() -> SluiceRedisProperties.of("redis+cluster://:a@h:1").withPassword("b")).hasMessageContaining("already");
    }

    @Test
    void theAdaptersOpenOnTheLoopbackClusterFromItsUrl() {
        String prefix = "sluice-test:url-cluster:" + java.util.UUID.randomUUID();
        try (RedisAdapters adapters = RedisAdapters.open(SluiceRedisProperties.of(RedisTestCluster.shared().url()).withKeyPrefix(prefix))) {
            Instant t = Instant.parse("2026-11-29T00:00:00Z");
            adapters.executionStore().commit(new Commit(new ExecutionSummary("p:1", "p", "one", "RUNNING", "sha256:abc", t, null),
                    "s", List.of("started"), List.of("cmd"), 0, t));
            assertThat(adapters.executionStore().load("p:1")).hasValueSatisfying(e -> assertThat(e.outbox()).containsExactly("cmd"));
            assertThat(adapters.executionStore().list("p", null, 10)).hasSize(1);
            adapters.redisson().getKeys().getKeysStream().filter(k -> k.startsWith(prefix + ":"))
                    .forEach(k -> adapters.redisson().getKeys().delete(k));
            assertThat(adapters.redisson().getKeys().getKeysStream().filter(k -> k.startsWith(prefix + ":"))).isEmpty();
        }
    }
}
