package io.sluice.cli.demo;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.LineageLog;
import java.util.List;
import java.util.TreeSet;

/**
 * The lineage the demo's run left, for its summary: for the datasets that join its pipelines (the
 * enriched orders the export reads, the orders table, the partner's extract), which pipelines wrote and
 * which read the run's partition, as {@code GET /v1/lineage} answers it.
 */
public final class DemoLineage {
    static final List<String> DATASETS = List.of("objects:enriched/orders/", "warehouse:retail.orders", "export:partner-api");

    private DemoLineage() {}

    public static ObjectNode of(LineageLog log, String partition) {
        ObjectNode out = Json.object();
        for (String dataset : DATASETS) {
            TreeSet<String> writers = new TreeSet<>();
            TreeSet<String> readers = new TreeSet<>();
            for (LineageLog.Use u : log.uses(dataset, partition, 100)) {
                (u.direction() == LineageLog.Direction.WRITE ? writers : readers).add(u.pipeline());
            }
            ObjectNode d = out.putObject(dataset);
            ArrayNode w = d.putArray("written_by");
            writers.forEach(w::add);
            ArrayNode r = d.putArray("read_by");
            readers.forEach(r::add);
        }
        return out;
    }
}
