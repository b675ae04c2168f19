package io.sluice.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.functions.maprun.MapRunNames;
import io.sluice.functions.maprun.MapRunProgress;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.MapRunStore;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/executions/{id}/map-runs}: the distributed map runs an execution started, newest first, each with its
 * Map state, status, times, the number of items when the Map read them inline, and its children counted by status; the
 * children themselves are listed by {@code GET /v1/executions?pipeline=<pipeline>&mapRun=<run id>}. The runs are read
 * from the execution's history, as Step Functions' ListMapRuns is; an execution the caller does not see is answered as a
 * missing one (404).
 *
 * <p>The counts come from the host's {@link MapRunStore} when it keeps the run's record ({@code "counted": "store"}):
 * the children the run started and has not seen end ({@code RUNNING}; none for EXPRESS children, which run inside the
 * coordinator and are counted as they end), {@code SUCCEEDED}, {@code FAILED} (every other end: failed, timed out,
 * aborted), and {@code PENDING} once the total is known. Without a store or a record (a run in one process, an expired
 * record) they are the run's child executions among the pipeline's newest {@value #MAX_COUNTED}
 * ({@code "counted": "executions"}), by status.
 */
@RestController
class MapRunsController {
    private static final int CHUNK = 1000;
    /** The most of the pipeline's executions read to count one run's children when the store has no record of it. */
    static final int MAX_COUNTED = 20_000;

    private final ExecutionControl executions;
    private final ObjectProvider<MapRunStore> stores;

    /** @param stores the host's map-run records, if it keeps them */
    MapRunsController(ExecutionControl executions, ObjectProvider<MapRunStore> stores) {
        this.executions = executions;
        this.stores = stores;
    }

    @GetMapping("/v1/executions/{id}/map-runs")
    ResponseEntity<?> mapRuns(@PathVariable String id, Caller caller) {
        ExecutionSummary parent = executions.summary(id).filter(s -> caller.sees(s.pipeline())).orElse(null);
        if (parent == null) {
            return ExecutionsController.noExecution(id);
        }
        List<ObjectNode> runs = new ArrayList<>();
        Map<Integer, ObjectNode> open = new HashMap<>();
        for (int from = 0; ; from += CHUNK) {
            List<JsonNode> lines = executions.history(id, from, CHUNK).orElse(List.of());
            for (JsonNode line : lines) {
                int frame = line.path("frame").asInt();
                switch (line.path("type").asText()) {
                    case "MAP_RUN_STARTED" -> {
                        ObjectNode run = started(line);
                        runs.add(run);
                        open.put(frame, run);
                    }
                    case "MAP_RUN_SUCCEEDED", "MAP_RUN_FAILED" -> {
                        ObjectNode run = open.remove(frame);
                        if (run != null) {
                            run.put("status", line.path("type").asText().equals("MAP_RUN_SUCCEEDED") ? "SUCCEEDED" : "FAILED")
                                    .put("stopTime", line.path("at").asText());
                        }
                    }
                    default -> { }
                }
            }
            if (lines.size() < CHUNK) {
                break;
            }
        }
        if (parent.stopTime() != null) { // ended with the execution (stopped, failed elsewhere)
            open.values().forEach(run -> run.put("status", "ABORTED").put("stopTime", parent.stopTime().toString()));
        }
        java.util.Collections.reverse(runs);
        count(parent, runs);
        ObjectNode out = Json.object();
        out.put("executionId", id).put("pipeline", parent.pipeline());
        ArrayNode list = out.putArray("mapRuns");
        runs.forEach(list::add);
        return ResponseEntity.ok(out);
    }

    private static ObjectNode started(JsonNode line) {
        JsonNode detail = line.path("detail");
        JsonNode request = detail.path("request");
        ObjectNode run = Json.object();
        String arn = detail.path("mapRunArn").asText("");
        run.put("runId", arn.isEmpty() ? MapRunNames.runId(detail.path("token").asText()) : arn.substring(arn.lastIndexOf(':') + 1))
                .put("state", line.path("state").asText())
                .put("label", request.path("Label").asText(line.path("state").asText()))
                .put("status", "RUNNING")
                .put("startTime", line.path("at").asText());
        if (request.path("Items").isArray()) {
            run.put("items", request.path("Items").size());
        }
        if (request.has("MaxConcurrency")) {
            run.put("maxConcurrency", request.path("MaxConcurrency").asInt());
        }
        return run;
    }

    /** Counts each run's children: from the store's record and counts, else from the pipeline's executions. */
    private void count(ExecutionSummary parent, List<ObjectNode> runs) {
        MapRunStore store = stores.getIfAvailable();
        List<ExecutionSummary> all = null;
        for (ObjectNode run : runs) {
            String runId = run.path("runId").asText();
            Optional<MapRunProgress> progress = store == null ? Optional.empty() : MapRunProgress.read(store, parent.executionId(), runId);
            if (progress.isPresent()) {
                run.set("children", counts(progress.get()));
                continue;
            }
            if (all == null) {
                all = executions.list(parent.pipeline(), null, MAX_COUNTED);
            }
            run.set("children", counts(all, runId));
        }
    }

    private static ObjectNode counts(MapRunProgress p) {
        ObjectNode counts = Json.object();
        counts.put("total", p.total() >= 0 ? p.total() : p.started());
        if (p.running() >= 0) {
            counts.put("RUNNING", p.running());
        }
        counts.put("SUCCEEDED", p.succeeded()).put("FAILED", p.failed());
        if (p.pending() >= 0) {
            counts.put("PENDING", p.pending());
        }
        return counts.put("counted", "store");
    }

    private static ObjectNode counts(List<ExecutionSummary> all, String runId) {
        Map<String, Integer> by = new TreeMap<>();
        int total = 0;
        for (ExecutionSummary s : all) {
            if (MapRunNames.isChildOf(s.name(), runId)) {
                by.merge(s.status(), 1, Integer::sum);
                total++;
            }
        }
        ObjectNode counts = Json.object();
        counts.put("total", total);
        for (String status : List.of("RUNNING", "SUCCEEDED", "FAILED", "TIMED_OUT", "ABORTED")) {
            counts.put(status, by.getOrDefault(status, 0));
        }
        if (all.size() >= MAX_COUNTED) {
            counts.put("truncated", true);
        }
        return counts.put("counted", "executions");
    }
}
