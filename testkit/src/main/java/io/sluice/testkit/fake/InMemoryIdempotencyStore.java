package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.IdempotencyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Task-token claims in memory, for fast tests; it passes the same contract suite as the real ones. */
public final class InMemoryIdempotencyStore implements IdempotencyStore {
    private final Map<String, IdempotencyRecord> records = new HashMap<>();

    @Override
    public synchronized ClaimResult claim(String key, String owner, Instant now, Duration lease) {
        IdempotencyRecord r = records.get(key);
        if (r != null && r.completed()) {
            return new ClaimResult.Completed(r.result());
        }
        if (r != null && r.leaseUntil().isAfter(now) && !r.owner().equals(owner)) {
            return new ClaimResult.Busy(r.owner(), r.leaseUntil());
        }
        records.put(key, new IdempotencyRecord(key, owner, now.plus(lease), null));
        return new ClaimResult.Claimed(r != null && !r.owner().equals(owner));
    }

    @Override
    public synchronized boolean extend(String key, String owner, Instant now, Duration lease) {
        IdempotencyRecord r = records.get(key);
        if (!holds(r, owner, now)) {
            return false;
        }
        records.put(key, new IdempotencyRecord(key, owner, now.plus(lease), null));
        return true;
    }

    @Override
    public synchronized boolean complete(String key, String owner, String result, Instant now, Duration retention) {
        IdempotencyRecord r = records.get(key);
        if (!holds(r, owner, now)) {
            return false;
        }
        records.put(key, new IdempotencyRecord(key, owner, now.plus(retention), result));
        return true;
    }

    @Override
    public synchronized boolean release(String key, String owner) {
        IdempotencyRecord r = records.get(key);
        if (r == null || r.completed() || !r.owner().equals(owner)) {
            return false;
        }
        records.remove(key);
        return true;
    }

    /** The owner holds the token while its lease runs, and after it too until someone else takes it over. */
    private static boolean holds(IdempotencyRecord r, String owner, Instant now) {
        return r != null && !r.completed() && r.owner().equals(owner);
    }

    @Override
    public synchronized Optional<IdempotencyRecord> read(String key) {
        return Optional.ofNullable(records.get(key));
    }
}
