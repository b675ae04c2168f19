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

    /**
     * The key of the claim on a task's token: a store may keep it with the token's execution and drop it when the
     * execution leaves, after which a claim answers {@link ClaimResult.Gone}. Other keys are claims of their own.
     */
    static String taskKey(String token) {
        return TASK_KEY_PREFIX + token;
    }

    /** What {@link #taskKey} puts before a task's token. */
    String TASK_KEY_PREFIX = "task:";

    ClaimResult claim(String key, String owner, Instant now, Duration lease);

    /** Extends the owner's live lease; {@code false} when the owner no longer holds it. */
    boolean extend(String key, String owner, Instant now, Duration lease);

    /** Stores the result and ends the lease; {@code false} when the owner no longer holds it. Kept for {@code retention}. */
    boolean complete(String key, String owner, String result, Instant now, Duration retention);

    /**
     * Gives up the owner's unfinished claim, so the task's next delivery claims it at once instead of waiting for the
     * lease to end (a task held back after its receive claimed it); {@code false} when the owner holds no unfinished
     * claim on it (someone else's, a completed one, none).
     */
    boolean release(String key, String owner);

    /** The stored record, if any. */
    Optional<IdempotencyRecord> read(String key);

    /** A token's record: in progress (owner, lease) or completed (result; its owner and lease may no longer be kept). */
    record IdempotencyRecord(String key, String owner, Instant leaseUntil, String result) {
        public boolean completed() {
            return result != null;
        }
    }
}
