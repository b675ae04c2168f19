package io.sluice.runtime.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.sluice.functions.observe.SluiceMeters;
import io.sluice.orchestration.port.TaskQueue;
import java.util.Collection;

/**
 * The depth and oldest-message age of queues, as gauges ({@link SluiceMeters#QUEUE_DEPTH}, {@link SluiceMeters#QUEUE_OLDEST_AGE})
 * read when the registry is scraped, never on the hot path; only for a queue whose port tells its backlog
 * ({@link TaskQueue#backlog}: Redis and SQS do), so a scrape costs a look per queue and nothing else.
 */
public final class QueueGauges {
    private QueueGauges() {}

    /** Gauges for each of {@code queues} that {@code queue} tells the backlog of; returns how many it watches. */
    public static int watch(MeterRegistry registry, TaskQueue queue, Collection<String> queues) {
        int watched = 0;
        for (String name : queues) {
            if (queue.backlog(name).isEmpty()) {
                continue;
            }
            Gauge.builder(SluiceMeters.QUEUE_DEPTH, queue, q -> q.backlog(name).map(b -> (double) b.visible()).orElse(Double.NaN))
                    .description("messages receivable now").tag(SluiceMeters.QUEUE, name).strongReference(true).register(registry);
            Gauge.builder(SluiceMeters.QUEUE_OLDEST_AGE, queue, q -> q.backlog(name).map(b -> b.oldest().toMillis() / 1000.0).orElse(Double.NaN))
                    .description("how long the oldest receivable message has waited").baseUnit("seconds").tag(SluiceMeters.QUEUE, name)
                    .strongReference(true).register(registry);
            watched++;
        }
        return watched;
    }
}
