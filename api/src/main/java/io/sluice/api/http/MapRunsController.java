package io.sluice.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.functions.maprun.MapRunNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/executions/{id}/map-runs}: the distributed map runs an execution started, newest first, each with its
 * Map state, status, times, the number of items when the Map read them inline, and its child executions counted by
 * status; the children themselves are listed by {@code GET /v1/executions?pipeline=<pipeline>&mapRun=<run id>}. Read from
 * the execution's history and its pipeline's executions, as Step Functions' ListMapRuns and DescribeMapRun are; an
 * execution the caller does not see is answered as a missing one (404).
 */
@RestController
class MapRunsController {
    private static final int CHUNK = 1000;
    /** The most of the pipeline's executions read to count one run's children. */
    static final int MAX_COUNTED = 20_000;

    private final ExecutionControl executions;

    MapRunsController(ExecutionControl executions) {
        this.executions = executions;
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
        count(parent.pipeline(), runs);
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

    /** Counts each run's children by status, from the newest {@value #MAX_COUNTED} executions of the pipeline. */
    private void count(String pipeline, List<ObjectNode> runs) {
        if (runs.isEmpty()) {
            return;
        }
        List<ExecutionSummary> all = executions.list(pipeline, null, MAX_COUNTED);
        for (ObjectNode run : runs) {
            String runId = run.path("runId").asText();
            Map<String, Integer> by = new TreeMap<>();
            int total = 0;
            for (ExecutionSummary s : all) {
                if (MapRunNames.isChildOf(s.name(), runId)) {
                    by.merge(s.status(), 1, Integer::sum);
                    total++;
                }
            }
            ObjectNode counts = run.putObject("children");
            counts.put("total", total);
            for (String status : List.of("RUNNING", "SUCCEEDED", "FAILED", "TIMED_OUT", "ABORTED")) {
                counts.put(status, by.getOrDefault(status, 0));
            }
            if (all.size() >= MAX_COUNTED) {
                counts.put("truncated", true);
            }
        }
    }
}
