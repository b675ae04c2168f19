package io.sluice.runtime.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.sluice.functions.observe.SluiceMeters;
import io.sluice.orchestration.port.DependencyIndex;
import java.time.Clock;

/**
 * How many runs wait on upstreams ({@value SluiceMeters#DEPENDENCIES_WAITING}): the {@code dependency-check} tasks the
 * dependency index holds, counted by the index ({@link DependencyIndex#waiting}: one read) when the registry is scraped or
 * flushed, never on the hot path. A host registers it where a scrape or a flush is rare enough for a store read: the
 * local and Azure hosts' registries, and on Lambda only the schedule tick's.
 */
public final class WaitGauges {
    private WaitGauges() {}

    public static void watch(MeterRegistry registry, DependencyIndex index, Clock clock) {
        Gauge.builder(SluiceMeters.DEPENDENCIES_WAITING, index, i -> i.waiting(clock.instant()))
                .description("runs waiting on upstreams (dependency-check tasks held)").strongReference(true).register(registry);
    }
}
