package io.sluice.testkit.fake;

import io.sluice.orchestration.port.Exporter;
import io.sluice.orchestration.port.Exporter.Export;
import io.sluice.testkit.contract.ExporterContract;
import java.util.List;

/** The in-memory exporter passes the exporter contract: it keeps every delivery. */
class InMemoryExporterTest extends ExporterContract {
    private final InMemoryExporter exporter = new InMemoryExporter();

    @Override
    protected Exporter createExporter() {
        return exporter;
    }

    @Override
    protected List<byte[]> landed(Export export) {
        return exporter.deliveries().stream().filter(d -> d.batchId().equals(export.batchId())).map(Export::content).toList();
    }
}
