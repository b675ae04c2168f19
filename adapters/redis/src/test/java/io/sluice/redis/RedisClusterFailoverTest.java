package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.embedded.EmbeddedRedis;
import io.sluice.embedded.EmbeddedRedisCluster;
import io.sluice.orchestration.port.ClaimResult;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.redisson.api.BatchOptions;
import org.redisson.api.RBatch;
import org.redisson.api.RedissonClient;

/**
 * What a Redis Cluster failover loses, on a real loopback cluster (three primaries, three replicas, node timeout 1 s),
 * and what {@code ?replica-acks=1} ({@link ReplicaAcks}) keeps: tasks' claims are completed, some while the primary's
 * replica lags (SIGSTOPped and its replication link cut, as a slow or partitioned replica's); then the primary is
 * SIGKILLed and the replica takes over with what it had.
 *
 * <p>Redis replication is asynchronous: a primary acknowledges a write before any replica has it, so a completion it
 * acknowledged alone is gone after the failover, and the task could be claimed and run a second time. {@code WAIT
 * numreplicas timeout} answers how many replicas confirmed the connection's writes; a write a replica confirmed
 * survives a failover that promotes that replica, which Redis's documentation of WAIT states as a best effort
 * (https://redis.io/docs/latest/commands/wait/, "Consistency and WAIT": only losing the primary and every confirming
 * replica at once loses it). MemoryDB closes the gap for every write without WAIT: it acknowledges a write once it is in
 * its multi-AZ transaction log (https://docs.aws.amazon.com/memorydb/latest/devguide/what-is-memorydb.html).
 */
class RedisClusterFailoverTest {
    private static final int CLAIMS = 10;
    private static final int CLAIMS_DURING_LAG = 3;
    private static EmbeddedRedisCluster cluster;

    @BeforeAll
    static void startCluster() {
        String path = System.getenv().getOrDefault("PATH", "");
        Optional<Path> server = EmbeddedRedis.executable("redis-server", path);
        Optional<Path> cli = EmbeddedRedis.executable("redis-cli", path);
        if (!"true".equalsIgnoreCase(System.getenv("CI"))) {
            Assumptions.assumeTrue(server.isPresent() && cli.isPresent(), "redis-server and redis-cli are not on the PATH");
        }
        cluster = EmbeddedRedisCluster.start(new EmbeddedRedisCluster.Options(server.orElseThrow(), cli.orElseThrow(),
                EmbeddedRedis.Persistence.NONE, Duration.ofSeconds(1), 1));
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aTaskCompletedThroughAnAckingClientStaysCompletedAfterTheFailoverAndOneTheReplicaMissedIsClaimableAgain() {
        String prefix = "sluice-test:failover:" + UUID.randomUUID();
        RedissonClient acking = RedisAdapters.client(cluster.url() + "?replica-acks=1");
        RedissonClient plain = RedisAdapters.client(cluster.url());
        try {
            List<String> primaries = cluster.primaries();
            Claims withAcks = completeAcrossFailover(prefix, acking, plain, "acked", primaries.get(0));
            Claims without = completeAcrossFailover(prefix, plain, plain, "plain", primaries.get(1));
            System.out.printf("failover: replica-acks=1: %d of %d completed tasks claimable again; none: %d of %d%n",
                    withAcks.claimableAgain(), withAcks.completed(), without.claimableAgain(), without.completed());

            // With acks, a completion counts only once a replica had it: none of those is gone, and those of the lag failed.
            assertThat(withAcks.completed()).as("completions that returned true").isEqualTo(CLAIMS);
            assertThat(withAcks.claimableAgain()).isZero();
            // Without, the primary acknowledged every completion, and those the lagging replica had not received are gone.
            assertThat(without.completed()).isEqualTo(CLAIMS + CLAIMS_DURING_LAG);
            assertThat(without.claimableAgain()).as("the lag's completions are gone: those tasks would run twice")
                    .isEqualTo(CLAIMS_DURING_LAG);
        } finally {
            acking.shutdown();
            plain.shutdown();
        }
    }

    private record Claims(int completed, int claimableAgain) {}

    /**
     * Completes claims of tokens on {@code primary}, the last few while its replica lags, fails it over, and claims each
     * completed one again as another worker, through a client that waits for no replica (the promoted one has none).
     */
    private static Claims completeAcrossFailover(String prefix, RedissonClient writer, RedissonClient plain, String stem, String primary) {
        RedisIdempotencyStore store = new RedisIdempotencyStore(writer, prefix);
        RedisIdempotencyStore secondWorker = new RedisIdempotencyStore(plain, prefix);
        List<String> tokens = new ArrayList<>();
        for (int n = 0; tokens.size() < CLAIMS + CLAIMS_DURING_LAG; n++) {
            if (cluster.primaryOf(store.tokenKey(stem + "-" + n)).equals(primary)) {
                tokens.add(stem + "-" + n);
            }
        }
        String replica = cluster.replicaOf(primary);
        Instant now = Instant.now();
        List<String> completed = new ArrayList<>();
        for (String token : tokens.subList(0, CLAIMS)) {
            complete(store, token, now, completed);
        }
        waitForReplica(plain, store.tokenKey(tokens.getFirst()));
        cluster.pause(replica, true);
        try {
            cluster.disconnectReplicas(primary);
            for (String token : tokens.subList(CLAIMS, tokens.size())) {
                complete(store, token, now, completed);
            }
            cluster.kill(primary);
        } finally {
            cluster.pause(replica, false);
        }
        cluster.awaitPromoted(replica, Duration.ofSeconds(30));
        int again = 0;
        for (String token : completed) {
            ClaimResult second = Awaitility.await("a claim after the failover").atMost(Duration.ofSeconds(30)).ignoreExceptions()
                    .until(() -> secondWorker.claim(token, "second-worker", now, Duration.ofMinutes(1)), r -> true);
            if (!(second instanceof ClaimResult.Completed)) {
                again++;
            }
        }
        return new Claims(completed.size(), again);
    }

    private static void complete(RedisIdempotencyStore store, String token, Instant now, List<String> completed) {
        try {
            store.claim(token, "first-worker", now, Duration.ofMinutes(1));
            if (store.complete(token, "first-worker", "{\"done\":true}", now, Duration.ofHours(1))) {
                completed.add(token);
            }
        } catch (RuntimeException e) {
            // not confirmed by a replica in time: the worker does not take the task as done, and its message comes back
        }
    }

    /** A write in {@code key}'s slot that waits for the replica: it then has every write its primary made before. */
    private static void waitForReplica(RedissonClient plain, String key) {
        RBatch batch = plain.createBatch(BatchOptions.defaults().sync(1, Duration.ofSeconds(5)));
        batch.getAtomicLong("{" + key + "}:sync").addAndGetAsync(1);
        assertThat(batch.execute().getSyncedSlaves()).isEqualTo(1);
    }
}
