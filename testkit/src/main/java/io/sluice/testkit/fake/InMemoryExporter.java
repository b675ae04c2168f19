package io.sluice.testkit.fake;

import io.sluice.orchestration.port.Exporter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** An export destination in memory that keeps every delivery, repeats included, so tests can count them. */
public final class InMemoryExporter implements Exporter {
    private final List<Export> deliveries = new CopyOnWriteArrayList<>();

    @Override
    public Delivery deliver(Export export) {
        deliveries.add(export);
        return new Delivery.Delivered("memory:" + export.batchId());
    }

    public List<Export> deliveries() {
        return List.copyOf(deliveries);
    }
}
