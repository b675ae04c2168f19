package io.sluice.runtime.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.sluice.functions.observe.SluiceMeters;
import io.sluice.orchestration.port.DependencyIndex.Upstream;
import io.sluice.testkit.fake.InMemoryDependencyIndex;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The gauge of runs waiting on upstreams reads the dependency index when it is read (a scrape, an EMF flush), at the
 * clock's time: a registration counts until it is released or expires. The index is the testkit's, which passes the
 * contract the Redis index passes (DependencyIndexContract).
 */
class WaitGaugesTest {
    private static final Instant NOW = Instant.parse("2026-12-05T12:00:00Z");

    @Test
    void theGaugeCountsTheRunsWaitingOnUpstreamsWhenRead() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        InMemoryDependencyIndex index = new InMemoryDependencyIndex();
        WaitGauges.watch(registry, index, Clock.fixed(NOW, ZoneOffset.UTC));
        assertThat(registry.get(SluiceMeters.DEPENDENCIES_WAITING).gauge().value()).isZero();

        Upstream orders = new Upstream("orders", "2026-12-05");
        index.await("t1", Set.of(orders), NOW.plusSeconds(3600));
        index.await("t2", Set.of(orders), NOW.plusSeconds(3600));
        index.await("expired", Set.of(orders), NOW.minusSeconds(1));
        assertThat(registry.get(SluiceMeters.DEPENDENCIES_WAITING).gauge().value()).isEqualTo(2.0);

        index.release("t1");
        assertThat(registry.get(SluiceMeters.DEPENDENCIES_WAITING).gauge().value()).isEqualTo(1.0);
    }
}
