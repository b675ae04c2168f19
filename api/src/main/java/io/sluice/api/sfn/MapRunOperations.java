package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * ListMapRuns, as the AWS Step Functions API reference shapes it: the map runs an execution's distributed Map states
 * started, newest first, each {@code {executionArn, mapRunArn, stateMachineArn, startDate, stopDate}} (the map run's
 * state machine being {@code <machine>/<label>}), read from the execution's history: a MapRunStarted, and its
 * MapRunSucceeded or MapRunFailed in the same branch; a run left open by an execution that ended stopped with it.
 */
final class MapRunOperations {
    private static final int CHUNK = 1000;

    private final ExecutionControl executions;
    private final ExecutionOperations lookups;
    private final Arns arns;

    MapRunOperations(ExecutionControl executions, ExecutionOperations lookups, Arns arns) {
        this.executions = executions;
        this.lookups = lookups;
        this.arns = arns;
    }

    void register(Map<String, SfnApi.Operation> ops) {
        ops.put("ListMapRuns", this::list);
    }

    private JsonNode list(Caller caller, JsonNode request) {
        ExecutionSummary s = lookups.visible(caller, request);
        List<ObjectNode> runs = new ArrayList<>();
        Map<Integer, ObjectNode> open = new HashMap<>();
        for (int from = 0; ; from += CHUNK) {
            List<JsonNode> lines = executions.history(s.executionId(), from, CHUNK).orElseThrow(() -> lookups.notFound(s.executionId()));
            for (JsonNode line : lines) {
                int frame = line.path("frame").asInt();
                Instant at = Instant.parse(line.path("at").asText());
                switch (line.path("type").asText()) {
                    case "MAP_RUN_STARTED" -> {
                        ObjectNode run = Fields.object().put("executionArn", arns.executionOfId(s.executionId()))
                                .put("mapRunArn", MapRunArns.ofStart(arns, s.pipeline(), line))
                                .put("stateMachineArn", arns.stateMachine(s.pipeline()) + "/" + MapRunArns.label(line));
                        Fields.time(run, "startDate", at);
                        runs.add(run);
                        open.put(frame, run);
                    }
                    case "MAP_RUN_SUCCEEDED", "MAP_RUN_FAILED" -> {
                        ObjectNode run = open.remove(frame);
                        if (run != null) {
                            Fields.time(run, "stopDate", at);
                        }
                    }
                    default -> { }
                }
            }
            if (lines.size() < CHUNK) {
                break;
            }
        }
        if (s.stopTime() != null) {
            open.values().forEach(run -> Fields.time(run, "stopDate", s.stopTime()));
        }
        java.util.Collections.reverse(runs);
        PageToken.Page<ObjectNode> page = PageToken.page(runs, Fields.optional(request, "nextToken"), Fields.maxResults(request, 100),
                "ListMapRuns " + s.executionId());
        ObjectNode out = Fields.object();
        ArrayNode items = out.putArray("mapRuns");
        page.items().forEach(items::add);
        if (page.nextToken() != null) {
            out.put("nextToken", page.nextToken());
        }
        return out;
    }
}
