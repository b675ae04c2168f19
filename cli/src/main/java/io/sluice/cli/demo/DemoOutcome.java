package io.sluice.cli.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How the demo's run ended: each pipeline's execution, the warehouse's row counts next to what the
 * sample data holds, the extracts the partner received, and the alerts the webhook got.
 *
 * @param expectedRows per table, the rows it holds when its pipeline works (0 for the planted failure's)
 * @param exports      one entry per extract received, such as {@code partner-api (HTTP, 1,204 bytes)}
 * @param targets      how many extracts should have arrived
 */
public record DemoOutcome(Map<String, ExecutionSummary> executions, Map<String, Long> warehouseRows, Map<String, Long> expectedRows,
                          List<String> exports, int targets, List<JsonNode> alerts, String plantedFailure) {

    public long succeeded() {
        return executions.values().stream().filter(s -> "SUCCEEDED".equals(s.status())).count();
    }

    public long failed() {
        return executions.values().stream().filter(s -> !"SUCCEEDED".equals(s.status()) && !"RUNNING".equals(s.status())).count();
    }

    /** Why the run is not what the demo promises: everything but the planted failure succeeded, and so on; empty when it is. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        executions.forEach((pipeline, s) -> {
            String expected = pipeline.equals(plantedFailure) ? "FAILED" : "SUCCEEDED";
            if (!expected.equals(s.status())) {
                problems.add("pipeline " + pipeline + " ended " + s.status() + ", expected " + expected);
            }
        });
        expectedRows.forEach((table, rows) -> {
            if (!Objects.equals(warehouseRows.get(table), rows)) {
                problems.add(table + " holds " + warehouseRows.get(table) + " rows, expected " + rows);
            }
        });
        if (exports.size() != targets) {
            problems.add(exports.size() + " extracts arrived, expected " + targets);
        }
        if (alerts.size() != 1) {
            problems.add(alerts.size() + " alerts fired, expected 1 (for " + plantedFailure + ")");
        }
        return problems;
    }

    /** {@code {"succeeded": N, "failed": N, "warehouse_rows": {"<table>": N, ...}, "exported": N}} */
    public ObjectNode json() {
        ObjectNode o = Json.object().put("succeeded", succeeded()).put("failed", failed());
        ObjectNode rows = o.putObject("warehouse_rows");
        new TreeMap<>(warehouseRows).forEach(rows::put);
        return o.put("exported", exports.size());
    }
}
