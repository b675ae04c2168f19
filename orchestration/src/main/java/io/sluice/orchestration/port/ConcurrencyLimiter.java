package io.sluice.orchestration.port;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The concurrency half of what {@link RateLimiter} does for rates: at most {@code limit} holders of a
 * key at once, shared by every process (a priority channel's, a pipeline's, a tenant's running tasks).
 * A hold is a lease: one its holder never releases (a crashed worker) lapses by itself. Time is passed
 * in, as for {@link RateLimiter}, so every process decides alike.
 */
public interface ConcurrencyLimiter {

    /**
     * Takes one slot of every key in {@code slots} for {@code holder} until {@code now + lease}, all or none;
     * a holder that holds a key already keeps its slot (and its lease is renewed).
     *
     * @return {@link Held#GRANTED}, or the first key that is full
     */
    Held tryHold(List<Slot> slots, String holder, Instant now, Duration lease);

    /** Gives back {@code holder}'s slot of each key; a slot it does not hold is ignored. */
    void release(List<String> keys, String holder);

    /** How many live holds {@code key} has at {@code now}. */
    int held(String key, Instant now);

    /** A key and how many may hold it at once. */
    record Slot(String key, int limit) {
        public Slot {
            if (key == null || key.isBlank()) {
                throw new IllegalArgumentException("a concurrency slot needs a key");
            }
            if (limit < 1) {
                throw new IllegalArgumentException("a concurrency limit must be at least 1; got " + limit + " for " + key);
            }
        }
    }

    /** Granted, or refused at {@code full} (the key that had no room). */
    record Held(boolean granted, String full) {
        public static final Held GRANTED = new Held(true, null);

        public static Held fullAt(String key) {
            return new Held(false, key);
        }
    }
}
