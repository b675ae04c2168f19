package io.sluice.orchestration.port;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Claims on task tokens, so a task's effect happens once however often its message is delivered.
 * A claim is a lease: an owner that dies loses it when it expires, and another may take it over;
 * a completed token is never claimed again. Time is passed in, never read.
 */
public interface IdempotencyStore {

    ClaimResult claim(String key, String owner, Instant now, Duration lease);

    /** Extends the owner's live lease; {@code false} when the owner no longer holds it. */
    boolean extend(String key, String owner, Instant now, Duration lease);

    /** Stores the result and ends the lease; {@code false} when the owner no longer holds it. Kept for {@code retention}. */
    boolean complete(String key, String owner, String result, Instant now, Duration retention);

    /** The stored record, if any. */
    Optional<IdempotencyRecord> read(String key);

    /** A token's record: in progress (owner, lease) or completed (result). */
    record IdempotencyRecord(String key, String owner, Instant leaseUntil, String result) {
        public boolean completed() {
            return result != null;
        }
    }
}
