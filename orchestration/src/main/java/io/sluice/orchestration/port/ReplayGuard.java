package io.sluice.orchestration.port;

import java.time.Duration;
import java.time.Instant;

/**
 * Remembers what was seen, for a while, so that a signed request sent twice is refused the second
 * time. Atomic: of two requests racing with the same key, exactly one is the first.
 */
public interface ReplayGuard {

    /**
     * Marks {@code key} seen for {@code keepFor} from {@code now}; returns {@code true} when it was not
     * seen (or its mark had expired), {@code false} when this is a replay.
     */
    boolean firstSeen(String key, Instant now, Duration keepFor);

    /**
     * Forgets {@code key}, so its next sight is a first one again: for a request that was let through
     * but then not acted on (its sender will retry it). Forgetting an unknown key does nothing.
     */
    void forget(String key);
}
