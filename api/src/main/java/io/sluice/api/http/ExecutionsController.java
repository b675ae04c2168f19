package io.sluice.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Start, list, describe, stop and redrive executions, and read their history. A caller sees the
 * executions of the pipelines it sees; any other execution is answered exactly as a missing one (404).
 */
@RestController
class ExecutionsController {
    private static final int MAX_LIMIT = ExecutionQuery.MAX_LIMIT;

    private final ExecutionControl executions;
    private final ExecutionStarts starts;
    private final ExecutionListing listing;

    ExecutionsController(ExecutionControl executions, ExecutionStarts starts) {
        this.executions = executions;
        this.starts = starts;
        this.listing = new ExecutionListing(executions);
    }

    /** Body: {@code {"name"?, "input"?, "partition"?}}. See {@link ExecutionStarts} for the answers. */
    @PostMapping("/v1/pipelines/{id}/executions")
    ResponseEntity<?> start(@PathVariable String id, Caller caller, HttpServletRequest http) {
        StartRequest request = StartRequest.parse(RequestJson.object(RequestJson.read(http)));
        return starts.start(caller, id, request);
    }

    /** One page of the executions the caller sees; the parameters are {@link ExecutionQuery}'s. */
    @GetMapping("/v1/executions")
    ObjectNode list(Caller caller, @RequestParam Map<String, String> params) {
        return listing.page(caller, ExecutionQuery.parse(params)).json();
    }

    @GetMapping("/v1/executions/{id}")
    ResponseEntity<?> describe(@PathVariable String id, Caller caller) {
        return executions.describe(id).filter(d -> caller.sees(d.summary().pipeline()))
                .<ResponseEntity<?>>map(d -> ResponseEntity.ok(ExecutionViews.described(d)))
                .orElseGet(() -> noExecution(id));
    }

    @GetMapping("/v1/executions/{id}/history")
    ResponseEntity<?> history(@PathVariable String id, Caller caller, @RequestParam(defaultValue = "0") int from,
                              @RequestParam(defaultValue = "1000") int limit) {
        if (from < 0) {
            throw new ApiProblems.InvalidRequest("from", "an index of 0 or more", String.valueOf(from));
        }
        ApiProblems.checkedLimit(limit, MAX_LIMIT);
        if (!visible(caller, id)) {
            return noExecution(id);
        }
        return executions.history(id, from, limit).<ResponseEntity<?>>map(events -> {
            ObjectNode out = Json.object();
            out.put("executionId", id);
            out.putArray("events").addAll(events);
            return ResponseEntity.ok(out);
        }).orElseGet(() -> noExecution(id));
    }

    /** Body (optional): {@code {"error": ..., "cause": ...}}. */
    @PostMapping("/v1/executions/{id}/stop")
    ResponseEntity<?> stop(@PathVariable String id, Caller caller, HttpServletRequest http) {
        JsonNode request = RequestJson.object(RequestJson.read(http));
        String error = RequestJson.optionalString(request, "error", 256);
        String cause = RequestJson.optionalString(request, "cause", 32_768);
        return changing(caller, id, "stopping", () -> executions.stop(id, error, cause));
    }

    @PostMapping("/v1/executions/{id}/redrive")
    ResponseEntity<?> redrive(@PathVariable String id, Caller caller) {
        return changing(caller, id, "redriving", () -> executions.redrive(id));
    }

    /** 404 unless the caller sees the execution, 403 unless it may change it, else the change's answer. */
    private ResponseEntity<?> changing(Caller caller, String id, String what, Supplier<ExecutionControl.Change> change) {
        if (!visible(caller, id)) {
            return noExecution(id);
        }
        if (!caller.mayChange()) {
            return ApiProblems.forbidden("This key may read only; " + what + " an execution needs an operator key.");
        }
        return changed(change.get());
    }

    private boolean visible(Caller caller, String id) {
        Optional<ExecutionSummary> s = executions.summary(id);
        return s.isPresent() && caller.sees(s.get().pipeline());
    }

    static ResponseEntity<?> changed(ExecutionControl.Change change) {
        return switch (change) {
            case ExecutionControl.Change.Done d -> ResponseEntity.ok(ExecutionViews.summary(d.summary()));
            case ExecutionControl.Change.NotFound n -> noExecution(n.executionId());
            case ExecutionControl.Change.Refused r -> ApiProblems.of(HttpStatus.CONFLICT, ApiProblems.CONFLICT, "Not possible now", r.reason(),
                    Map.of("executionId", r.summary().executionId(), "executionStatus", r.summary().status()));
        };
    }

    static ResponseEntity<?> noExecution(String id) {
        return ApiProblems.notFound("No execution '" + id + "': expected an id as <pipeline>:<name>, as returned when it started.");
    }
}
