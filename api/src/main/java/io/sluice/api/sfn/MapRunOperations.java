package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.functions.maprun.MapRunProgress;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.MapRunStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * ListMapRuns, as the AWS Step Functions API reference shapes it: the map runs an execution's distributed Map states
 * started, newest first, each {@code {executionArn, mapRunArn, stateMachineArn, startDate, stopDate}} (the map run's
 * state machine being {@code <machine>/<label>}), read from the execution's history: a MapRunStarted, and its
 * MapRunSucceeded or MapRunFailed in the same branch; a run left open by an execution that ended stopped with it.
 */
final class MapRunOperations {
    private static final int CHUNK = 1000;
    private static final int SCAN = 1000;

    private final ExecutionControl executions;
    private final ExecutionOperations lookups;
    private final Arns arns;
    private final MapRunUpdateOperation updates;
    private final MapRunStore runs;

    /**
     * @param runs    the host's map-run records, or {@code null} on a host that keeps none (counts then come from listing)
     * @param updated called with a run's id once UpdateMapRun changed it ({@code null}: nothing to call)
     */
    MapRunOperations(ExecutionControl executions, ExecutionOperations lookups, Arns arns, MapRunStore runs,
                     java.util.function.Consumer<String> updated) {
        this.executions = executions;
        this.lookups = lookups;
        this.arns = arns;
        this.runs = runs;
        this.updates = new MapRunUpdateOperation(runs, arns, updated);
    }

    void register(Map<String, SfnApi.Operation> ops) {
        ops.put("ListMapRuns", this::list);
        ops.put("DescribeMapRun", this::describe);
        updates.register(ops);
    }

    /**
     * DescribeMapRun: the run's status from its parent's history (MapRunSucceeded, MapRunFailed; open in an ended
     * execution: ABORTED), its limits as the Map state's request gave them or UpdateMapRun changed them, and its children
     * counted by status ({@link MapRunCounts}; as items too, a child being one item without an ItemBatcher): from the
     * host's map-run store when it keeps the run's record, which costs the same for ten children or a million and counts
     * pending and EXPRESS children too; else from the run's STANDARD child executions, listed. The parent is found among
     * the machine's newest {@value #SCAN} own runs.
     */
    private JsonNode describe(Caller caller, JsonNode request) {
        MapRunArns.MapRunRef ref = MapRunArns.parse(arns, Fields.required(request, "mapRunArn"), "mapRunArn");
        String mapRunArn = request.get("mapRunArn").asText();
        if (!caller.sees(ref.machine())) {
            throw missing(mapRunArn);
        }
        for (ExecutionSummary parent : ExecutionListing.kept(executions, ref.machine(), null, SCAN, ExecutionListing.ownRuns())) {
            ObjectNode found = describeIn(parent, mapRunArn, ref);
            if (found != null) {
                return found;
            }
        }
        throw missing(mapRunArn);
    }

    private ObjectNode describeIn(ExecutionSummary parent, String mapRunArn, MapRunArns.MapRunRef ref) {
        JsonNode start = null;
        JsonNode end = null;
        for (int from = 0; ; from += CHUNK) {
            List<JsonNode> lines = executions.history(parent.executionId(), from, CHUNK).orElse(List.of());
            for (JsonNode line : lines) {
                String type = line.path("type").asText();
                if (type.equals("MAP_RUN_STARTED") && MapRunArns.ofStart(arns, parent.pipeline(), line).equals(mapRunArn)) {
                    start = line;
                } else if (start != null && end == null && (type.equals("MAP_RUN_SUCCEEDED") || type.equals("MAP_RUN_FAILED"))
                        && line.path("frame").asInt() == start.path("frame").asInt()) {
                    end = line;
                }
            }
            if (lines.size() < CHUNK) {
                break;
            }
        }
        if (start == null) {
            return null;
        }
        JsonNode req = start.path("detail").path("request");
        String status = end != null ? (end.path("type").asText().equals("MAP_RUN_SUCCEEDED") ? "SUCCEEDED" : "FAILED")
                : parent.stopTime() != null ? "ABORTED" : "RUNNING";
        ObjectNode out = Fields.object().put("mapRunArn", mapRunArn).put("executionArn", arns.executionOfId(parent.executionId()))
                .put("status", status);
        Fields.time(out, "startDate", Instant.parse(start.path("at").asText()));
        if (end != null) {
            Fields.time(out, "stopDate", Instant.parse(end.path("at").asText()));
        } else if (parent.stopTime() != null) {
            Fields.time(out, "stopDate", parent.stopTime());
        }
        var limits = updates.current(ref.machine(), ref.runId());
        out.put("maxConcurrency", limits.map(l -> l.maxConcurrency()).orElse(req.path("MaxConcurrency").asInt(0)))
                .put("toleratedFailurePercentage", limits.map(l -> l.toleratedFailurePercentage())
                        .orElse(req.path("ToleratedFailurePercentage").asDouble(0)))
                .put("toleratedFailureCount", limits.map(l -> l.toleratedFailureCount()).orElse(req.path("ToleratedFailureCount").asLong(0)));
        ObjectNode counts = counts(parent, ref);
        out.set("itemCounts", counts.deepCopy());
        out.set("executionCounts", counts);
        out.put("redriveCount", 0);
        return out;
    }

    /** The run's children by status: from the store's record and counts if it keeps them, else from its child executions. */
    private ObjectNode counts(ExecutionSummary parent, MapRunArns.MapRunRef ref) {
        Optional<MapRunProgress> progress = runs == null ? Optional.empty() : MapRunProgress.read(runs, parent.executionId(), ref.runId());
        return progress.map(MapRunCounts::of).orElseGet(() -> MapRunCounts.of(
                ExecutionListing.kept(executions, ref.machine(), null, Integer.MAX_VALUE / 8, ExecutionListing.childrenOf(ref))));
    }

    private SfnException missing(String mapRunArn) {
        return SfnError.RESOURCE_NOT_FOUND.with("Resource not found: map run '" + Arns.shown(mapRunArn) + "' does not exist.");
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
