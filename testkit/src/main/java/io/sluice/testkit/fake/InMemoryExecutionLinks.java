package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ExecutionLinks;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Execution links in memory; passes the {@code ExecutionLinksContract}. Expiry is not kept (nothing here reads a clock). */
public final class InMemoryExecutionLinks implements ExecutionLinks {
    private final Map<String, Link> byChild = new HashMap<>();
    private final Map<String, List<Link>> byParent = new HashMap<>();

    @Override
    public synchronized Link link(Link link, Instant expiresAt) {
        Link first = byChild.putIfAbsent(link.child(), link);
        if (first != null) {
            return first;
        }
        byParent.computeIfAbsent(link.parentExecutionId(), p -> new ArrayList<>()).add(link);
        return link;
    }

    @Override
    public synchronized Optional<Link> parentOf(String child) {
        return Optional.ofNullable(byChild.get(child));
    }

    @Override
    public synchronized List<Link> childrenOf(String parentExecutionId) {
        return List.copyOf(byParent.getOrDefault(parentExecutionId, List.of()));
    }
}
