package io.sluice.redis;

import java.time.Duration;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

/**
 * How many replicas must confirm a write before the adapters take it as done ({@code WAIT numreplicas timeout} after
 * each script, through Redisson's {@code BatchOptions.sync}). Redis replicates asynchronously: a primary that fails
 * over loses the writes it acknowledged that its replica had not received yet ({@code RedisClusterFailoverTest}
 * measures it). A write a replica confirmed survives a failover, which promotes that replica; one that no replica
 * confirmed in {@link #timeout} fails, as if Redis had been unreachable, and the caller retries it as it retries any
 * failed write. Set with {@code ?replica-acks=N} on a {@code redis+cluster://} URL; MemoryDB needs none (it
 * acknowledges a write once it is in its multi-AZ transaction log).
 *
 * @param replicas 0 (the primary's answer is enough) or how many replicas must confirm
 * @param timeout  how long a write waits for them
 */
record ReplicaAcks(int replicas, Duration timeout) {
    static final ReplicaAcks NONE = new ReplicaAcks(0, Duration.ZERO);
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(1);

    /** What a client made by {@link RedisAdapters#client} from its URL waits for; a client made elsewhere waits for none. */
    static ReplicaAcks of(RedissonClient redisson) {
        return redisson.getConfig() instanceof AckingConfig acking ? acking.acks : NONE;
    }

    boolean waits() {
        return replicas > 0;
    }

    /** A Redisson configuration that remembers the acknowledgements its URL asked for (Redisson keeps the object given). */
    static final class AckingConfig extends Config {
        private final ReplicaAcks acks;

        AckingConfig(ReplicaAcks acks) {
            this.acks = acks;
        }
    }
}
