package io.sluice.api.http;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.Pipelines;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.StatusStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/status?pipeline=&partition=&limit=}: the status table ({@code sluice_status}, one row per run, what
 * the pattern pipelines' {@code write-status} records), newest start first, for the pipelines the caller sees. A host
 * without a status table answers 404 saying so.
 */
@RestController
class StatusController {
    private static final int MAX_LIMIT = 1000;
    private static final Comparator<StatusRecord> NEWEST_FIRST = Comparator.comparing(StatusRecord::started,
            Comparator.nullsLast(Comparator.<Instant>reverseOrder())).thenComparing(StatusRecord::executionId);

    private final ObjectProvider<StatusStore> store;
    private final Pipelines pipelines;

    StatusController(ObjectProvider<StatusStore> store, Pipelines pipelines) {
        this.store = store;
        this.pipelines = pipelines;
    }

    @GetMapping("/v1/status")
    ResponseEntity<?> list(Caller caller, @RequestParam(required = false) String pipeline, @RequestParam(required = false) String partition,
                           @RequestParam(defaultValue = "100") int limit) {
        ApiProblems.checkedLimit(limit, MAX_LIMIT);
        StatusStore status = store.getIfAvailable();
        if (status == null) {
            return ApiProblems.notFound("This host keeps no status table (the local runtime keeps sluice_status in PostgreSQL "
                    + "while its data functions are on).");
        }
        String part = partition == null || partition.isBlank() ? null : partition;
        List<String> ids = pipeline == null || pipeline.isBlank() ? pipelines.ids() : List.of(pipeline);
        List<StatusRecord> rows = new ArrayList<>();
        for (String id : ids) {
            if (caller.sees(id)) {
                rows.addAll(status.find(id, part, limit));
            }
        }
        rows.sort(NEWEST_FIRST);
        ObjectNode out = Json.object();
        ArrayNode shown = out.putArray("rows");
        rows.stream().limit(limit).forEach(r -> shown.add(view(r)));
        return ResponseEntity.ok(out);
    }

    private static ObjectNode view(StatusRecord r) {
        ObjectNode o = Json.object().put("executionId", r.executionId()).put("pipeline", r.pipeline()).put("partition", r.partition())
                .put("state", r.state().name()).put("redriveCount", r.redriveCount())
                .put("started", r.started() == null ? null : r.started().toString())
                .put("ended", r.ended() == null ? null : r.ended().toString());
        return o.put("rowsIn", r.rowsIn()).put("rowsOut", r.rowsOut()).put("error", r.error()).put("configHash", r.configHash())
                .put("jobLogUrl", r.jobLogUrl());
    }
}
