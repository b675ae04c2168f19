package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.embedded.EmbeddedRedis;
import io.sluice.embedded.EmbeddedRedisCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.redisson.api.BatchOptions;
import org.redisson.api.BatchResult;
import org.redisson.api.RBatch;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * What a Redis Cluster failover loses, on a real loopback cluster (three primaries, three replicas, node timeout 1 s):
 * a primary is SIGKILLed while its replica lags (SIGSTOPped and its replication link cut, as a slow or partitioned
 * replica's), and the replica then takes over with what it had.
 *
 * <p>Redis replication is asynchronous: a primary acknowledges a write before any replica has it, so writes it
 * acknowledged in the replica's lag are gone after the failover. {@code WAIT numreplicas timeout} (Redisson:
 * {@link BatchOptions#sync}) answers how many replicas confirmed the connection's writes; a write counted only once a
 * replica confirmed it survives the failover, which Redis's documentation of WAIT states as a best effort
 * (https://redis.io/docs/latest/commands/wait/, "Consistency and WAIT": the failover promotes the replica that received
 * the write; only losing the primary and every confirming replica at once loses it). MemoryDB closes the gap for every
 * write: it acknowledges a write once it is in its multi-AZ transaction log
 * (https://docs.aws.amazon.com/memorydb/latest/devguide/what-is-memorydb.html).
 */
class RedisClusterFailoverTest {
    private static final int BEFORE = 100;
    private static final int DURING_LAG = 20;
    private static EmbeddedRedisCluster cluster;
    private static RedissonClient client;

    @BeforeAll
    static void startCluster() {
        String path = System.getenv().getOrDefault("PATH", "");
        Optional<Path> server = EmbeddedRedis.executable("redis-server", path);
        Optional<Path> cli = EmbeddedRedis.executable("redis-cli", path);
        if (!"true".equalsIgnoreCase(System.getenv("CI"))) {
            Assumptions.assumeTrue(server.isPresent() && cli.isPresent(), "redis-server and redis-cli are not on the PATH");
        }
        cluster = EmbeddedRedisCluster.start(new EmbeddedRedisCluster.Options(server.orElseThrow(), cli.orElseThrow(),
                EmbeddedRedis.Persistence.NONE, Duration.ofSeconds(1)));
        client = RedisAdapters.client(cluster.url());
    }

    @AfterAll
    static void stopCluster() {
        if (client != null) {
            client.shutdown();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void writesAReplicaConfirmedSurviveTheFailoverAndThoseItDidNotAreLost() {
        // Two counters on two primaries, so one cluster serves both failovers.
        String confirmedKey = "sluice-test:failover:{confirmed}";
        String plainKey = keyOnAnotherPrimary(cluster.primaryOf(confirmedKey));

        Outcome confirmed = failOver(confirmedKey, 1);
        Outcome plain = failOver(plainKey, 0);
        System.out.printf("failover: WAIT 1: %d of %d acknowledged writes lost; no WAIT: %d of %d lost%n",
                confirmed.lost(), confirmed.acknowledged(), plain.lost(), plain.acknowledged());

        // Counted as written only once a replica had it: none of those is gone, and the writes in the lag were not counted.
        assertThat(confirmed.acknowledged()).isEqualTo(BEFORE);
        assertThat(confirmed.after()).isGreaterThanOrEqualTo(confirmed.acknowledged());
        // Without WAIT the primary acknowledged every write, and the ones the lagging replica had not received are gone.
        assertThat(plain.acknowledged()).isEqualTo(BEFORE + DURING_LAG);
        assertThat(plain.after()).isEqualTo(BEFORE);
    }

    /** The value and the count of writes the writer took as done, with {@code replicas} confirming each (0: the primary's answer). */
    private Outcome failOver(String key, int replicas) {
        String primary = cluster.primaryOf(key);
        String replica = cluster.replicaOf(primary);
        AtomicLong acknowledged = new AtomicLong();
        for (int i = 0; i < BEFORE; i++) {
            increment(key, replicas, acknowledged);
        }
        waitForReplica(key); // both runs start from a replica that has every write so far
        cluster.pause(replica, true);
        try {
            cluster.disconnectReplicas(primary);
            for (int i = 0; i < DURING_LAG; i++) {
                increment(key, replicas, acknowledged);
            }
            cluster.kill(primary);
        } finally {
            cluster.pause(replica, false);
        }
        cluster.awaitPromoted(replica, Duration.ofSeconds(30));
        long after = Awaitility.await("the counter readable after the failover").atMost(Duration.ofSeconds(30))
                .ignoreExceptions().until(() -> Long.parseLong(client.<String>getBucket(key, StringCodec.INSTANCE).get()), v -> true);
        return new Outcome(acknowledged.get(), after);
    }

    private record Outcome(long acknowledged, long after) {
        long lost() {
            return Math.max(0, acknowledged - after);
        }
    }

    private static void increment(String key, int replicas, AtomicLong acknowledged) {
        BatchOptions options = BatchOptions.defaults();
        if (replicas > 0) {
            options = options.sync(replicas, Duration.ofMillis(100));
        }
        RBatch batch = client.createBatch(options);
        batch.getAtomicLong(key).incrementAndGetAsync();
        try {
            BatchResult<?> result = batch.execute();
            if (result.getSyncedSlaves() >= replicas) {
                acknowledged.incrementAndGet();
            }
        } catch (RuntimeException e) {
            // not confirmed in time: the writer does not count it
        }
    }

    private static void waitForReplica(String key) {
        // A write of nothing on the batch's connection: WAIT then covers the replication stream up to here, every write before.
        RBatch batch = client.createBatch(BatchOptions.defaults().sync(1, Duration.ofSeconds(5)));
        batch.getAtomicLong(key).addAndGetAsync(0);
        assertThat(batch.execute().getSyncedSlaves()).isEqualTo(1);
    }

    private static String keyOnAnotherPrimary(String primary) {
        for (int i = 0; ; i++) {
            String key = "sluice-test:failover:{plain-" + i + "}";
            if (!cluster.primaryOf(key).equals(primary)) {
                return key;
            }
        }
    }
}
