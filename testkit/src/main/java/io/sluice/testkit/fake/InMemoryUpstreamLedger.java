package io.sluice.testkit.fake;

import io.sluice.orchestration.port.UpstreamLedger;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The upstream ledger in memory; passes the {@code UpstreamLedgerContract}. Expiry is kept only as
 * the Redis ledger's TTL is: nothing here reads a clock.
 */
public final class InMemoryUpstreamLedger implements UpstreamLedger {
    private record Key(String dependent, String partition) {}

    private final Map<Key, Set<String>> records = new HashMap<>();

    @Override
    public synchronized Set<String> succeeded(String dependent, String partition, String upstream, Instant keepUntil) {
        Set<String> upstreams = records.computeIfAbsent(new Key(dependent, partition), k -> new TreeSet<>());
        upstreams.add(upstream);
        return Set.copyOf(upstreams);
    }
}
