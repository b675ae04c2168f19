package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ReplayGuard;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/** Seen keys in memory, each until the caller's {@code now} passes its expiry; passes the {@code ReplayGuardContract}. */
public final class InMemoryReplayGuard implements ReplayGuard {
    private final Map<String, Instant> seenUntil = new HashMap<>();

    @Override
    public synchronized boolean firstSeen(String key, Instant now, Duration keepFor) {
        Instant until = seenUntil.get(key);
        if (until != null && now.isBefore(until)) {
            return false;
        }
        seenUntil.put(key, now.plus(keepFor));
        return true;
    }

    @Override
    public synchronized void forget(String key) {
        seenUntil.remove(key);
    }
}
