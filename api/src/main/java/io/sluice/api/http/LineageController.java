package io.sluice.api.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.Pipelines;
import io.sluice.api.tenant.Caller;
import io.sluice.functions.trigger.Partitions;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.LineageLog;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/lineage?dataset=warehouse:retail.orders&partition=2026-11-29}: which runs wrote this
 * dataset (or partition) and which read it, newest first, and what is downstream of it: the pipelines
 * whose runs read it, and every pipeline that depends on one of its writers ({@code dependsOn}, followed
 * to the end). A tenant's key sees the runs and pipelines of its tenant only.
 */
@RestController
class LineageController {
    private static final Pattern DATASET = Pattern.compile("[a-z]+:[A-Za-z0-9_./=-]{0,500}");

    private final ObjectProvider<LineageLog> lineage;
    private final Pipelines pipelines;

    LineageController(ObjectProvider<LineageLog> lineage, Pipelines pipelines) {
        this.lineage = lineage;
        this.pipelines = pipelines;
    }

    @GetMapping("/v1/lineage")
    ResponseEntity<?> lineage(Caller caller, @RequestParam(required = false) String dataset, @RequestParam(required = false) String partition,
                              @RequestParam(defaultValue = "100") int limit) {
        LineageLog log = lineage.getIfAvailable();
        if (log == null) {
            return ApiProblems.notFound("This host records no lineage.");
        }
        if (dataset == null || !DATASET.matcher(dataset).matches()) {
            throw new ApiProblems.InvalidRequest("dataset", "a dataset as <kind>:<name>, such as warehouse:retail.orders or objects:raw/orders/",
                    dataset == null ? null : RequestJson.shown(dataset));
        }
        if (partition != null && !Partitions.isValid(partition)) {
            throw new ApiProblems.InvalidRequest("partition", Partitions.EXPECTED, RequestJson.shown(partition));
        }
        if (limit < 1 || limit > 1000) {
            throw new ApiProblems.InvalidRequest("limit", "a whole number from 1 to 1000", String.valueOf(limit));
        }
        List<LineageLog.Use> uses = log.uses(dataset, partition, limit).stream().filter(u -> caller.sees(u.pipeline())).toList();
        ObjectNode out = Json.object().put("dataset", dataset);
        if (partition != null) {
            out.put("partition", partition);
        }
        ArrayNode producers = out.putArray("producers");
        ArrayNode consumers = out.putArray("consumers");
        Set<String> writers = new LinkedHashSet<>();
        Set<String> downstream = new LinkedHashSet<>();
        for (LineageLog.Use u : uses) {
            ObjectNode run = (u.direction() == LineageLog.Direction.WRITE ? producers : consumers).addObject()
                    .put("executionId", u.executionId()).put("pipeline", u.pipeline()).put("at", u.at().toString());
            if (u.partition() != null) {
                run.put("partition", u.partition());
            }
            (u.direction() == LineageLog.Direction.WRITE ? writers : downstream).add(u.pipeline());
        }
        downstream.addAll(dependents(writers));
        downstream.removeIf(p -> !caller.sees(p));
        ArrayNode d = out.putArray("downstream");
        downstream.forEach(d::add);
        return ResponseEntity.ok(out);
    }

    /** Every pipeline that depends, directly or through others, on one of {@code upstreams}. */
    private Set<String> dependents(Set<String> upstreams) {
        Set<String> found = new LinkedHashSet<>();
        Deque<String> todo = new ArrayDeque<>(upstreams);
        List<String> ids = pipelines.ids();
        while (!todo.isEmpty()) {
            String up = todo.poll();
            for (String id : ids) {
                Pipelines.Declared declared = pipelines.options(id).declared();
                if (declared != null && declared.dependsOn().stream().anyMatch(dep -> dep.upstream().equals(up)) && found.add(id)) {
                    todo.add(id);
                }
            }
        }
        return found;
    }
}
