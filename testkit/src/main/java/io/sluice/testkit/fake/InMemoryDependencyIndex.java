package io.sluice.testkit.fake;

import io.sluice.orchestration.port.DependencyIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The dependency index in memory; passes the {@code DependencyIndexContract}. Expiry times are
 * kept only as the real index's TTLs are: nothing here reads a clock ({@link #waiting} is given the time).
 */
public final class InMemoryDependencyIndex implements DependencyIndex {
    private final Set<Upstream> succeeded = new HashSet<>();
    private final Map<Upstream, Set<String>> waiters = new HashMap<>();
    private final Map<String, Set<Upstream>> missing = new HashMap<>();
    private final Map<String, Instant> expires = new HashMap<>();

    @Override
    public synchronized Set<Upstream> await(String token, Set<Upstream> upstreams, Instant expiresAt) {
        Set<Upstream> out = new LinkedHashSet<>();
        for (Upstream u : upstreams) {
            if (!succeeded.contains(u)) {
                out.add(u);
            }
        }
        if (!out.isEmpty()) {
            missing.put(token, new HashSet<>(out));
            expires.merge(token, expiresAt, (a, b) -> a.isAfter(b) ? a : b);
            out.forEach(u -> waiters.computeIfAbsent(u, k -> new LinkedHashSet<>()).add(token));
        }
        return out;
    }

    @Override
    public synchronized List<String> succeeded(Upstream completed, Instant keepUntil) {
        succeeded.add(completed);
        List<String> ready = new ArrayList<>();
        for (String token : waiters.getOrDefault(completed, Set.of())) {
            Set<Upstream> left = missing.get(token);
            if (left != null) {
                left.remove(completed);
                if (left.isEmpty()) {
                    ready.add(token);
                }
            }
        }
        return ready;
    }

    @Override
    public synchronized boolean hasSucceeded(Upstream upstream) {
        return succeeded.contains(upstream);
    }

    @Override
    public synchronized void release(String token) {
        missing.remove(token);
        expires.remove(token);
        waiters.values().forEach(tokens -> tokens.remove(token));
    }

    @Override
    public synchronized long waiting(Instant now) {
        return expires.values().stream().filter(e -> e.isAfter(now)).count();
    }
}
