package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * Which (pipeline, partition) pairs have succeeded, and which waiting tasks need which of them.
 * A waiting task registers its token under every upstream it still misses; a completion marks its
 * pair succeeded and returns the tokens that now miss nothing. Both are atomic against each other,
 * so a completion that lands while a task registers is never lost. A ready token stays listed (and
 * is returned again by a repeated completion) until {@link #release}d, so a crash between the two
 * does not lose the wake-up.
 */
public interface DependencyIndex {

    /**
     * Registers {@code token} as waiting for {@code upstreams}; returns the ones still missing
     * (empty: all have succeeded, nothing was registered). The registration is dropped at {@code expiresAt}.
     */
    Set<Upstream> await(String token, Set<Upstream> upstreams, Instant expiresAt);

    /**
     * Marks {@code completed} succeeded (kept until {@code keepUntil}) and returns the tokens that
     * wait for nothing else now.
     */
    List<String> succeeded(Upstream completed, Instant keepUntil);

    /** Whether {@code upstream} has succeeded. */
    boolean hasSucceeded(Upstream upstream);

    /** Forgets a token whose task was told (woken or timed out). */
    void release(String token);

    /**
     * How many tokens are registered at {@code now}: their task waits (or was just made ready and is not yet released),
     * and their registration has not expired. What the gauge of runs waiting on upstreams reads.
     */
    long waiting(Instant now);

    /** One upstream requirement: {@code pipeline} succeeded for {@code partition}. */
    record Upstream(String pipeline, String partition) {
        public Upstream {
            if (pipeline == null || pipeline.isBlank() || partition == null || partition.isBlank()) {
                throw new IllegalArgumentException("an upstream needs a pipeline and a partition; got '" + pipeline + "', '" + partition + "'");
            }
        }

        @Override
        public String toString() {
            return pipeline + "@" + partition;
        }
    }
}
