package io.sluice.local.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.orchestrator.StartResult;
import io.sluice.local.app.Executions;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.local.pipeline.PipelineProblem;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.json.Json;
import jakarta.servlet.http.HttpServletRequest;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Start, list, describe, stop and redrive executions, and read their history. */
@RestController
class ExecutionsController {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.:@-]{1,80}");
    private static final String NAME_EXPECTED = "1-80 letters, digits and _ . : @ -";
    private static final int MAX_LIMIT = 1000;

    private final PipelineCatalog pipelines;
    private final Executions executions;

    ExecutionsController(PipelineCatalog pipelines, Executions executions) {
        this.pipelines = pipelines;
        this.executions = executions;
    }

    /** 201 for a new execution; 200 when one of that name is running (it is returned); 409 when the name is used up. */
    @PostMapping("/v1/pipelines/{id}/executions")
    ResponseEntity<?> start(@PathVariable String id, HttpServletRequest http) {
        JsonNode request = RequestJson.object(RequestJson.read(http));
        String name = RequestJson.optionalString(request, "name", 80);
        if (name != null && !NAME.matcher(name).matches()) {
            throw new ApiProblems.InvalidRequest("name", NAME_EXPECTED, RequestJson.shown(name));
        }
        JsonNode input = request.has("input") ? request.get("input") : Json.object();
        return switch (pipelines.find(id)) {
            case PipelineCatalog.Lookup.Found f -> startIn(f.pipeline(), name == null ? UUID.randomUUID().toString() : name, input);
            case PipelineCatalog.Lookup.Invalid i -> invalidPipeline(i);
            case PipelineCatalog.Lookup.Missing m -> ApiProblems.notFound("No pipeline '" + id + "': expected a file " + id
                    + PipelineCatalog.SUFFIX + " in " + pipelines.directory() + ".");
        };
    }

    private ResponseEntity<?> startIn(PipelineCatalog.Pipeline pipeline, String name, JsonNode input) {
        return switch (executions.start(pipeline, name, input)) {
            case StartResult.Started s -> ResponseEntity.status(HttpStatus.CREATED).body(ExecutionViews.summary(s.execution()));
            case StartResult.AlreadyRunning r -> ResponseEntity.ok(ExecutionViews.summary(r.execution()));
            case StartResult.NameTaken t -> ApiProblems.of(HttpStatus.CONFLICT, ApiProblems.NAME_TAKEN, "Execution name taken",
                    t.message(), Map.of("field", "name", "expected", "a name not used before by this pipeline",
                            "executionId", t.execution().executionId(), "executionStatus", t.execution().status()));
        };
    }

    private static ResponseEntity<?> invalidPipeline(PipelineCatalog.Lookup.Invalid i) {
        List<String> problems = i.problems().stream().filter(p -> !p.warning()).map(PipelineProblem::toString).toList();
        return ApiProblems.of(HttpStatus.UNPROCESSABLE_ENTITY, ApiProblems.PIPELINE_INVALID, "Pipeline invalid",
                "Pipeline '" + i.id() + "' cannot run: " + String.join("; ", problems), Map.of("problems", problems));
    }

    @GetMapping("/v1/executions")
    ObjectNode list(@RequestParam(required = false) String pipeline, @RequestParam(required = false) String status,
                    @RequestParam(defaultValue = "100") int limit) {
        String wanted = blankToNull(status);
        if (wanted != null && Arrays.stream(ExecutionStatus.values()).noneMatch(s -> s.name().equals(wanted))) {
            throw new ApiProblems.InvalidRequest("status", "one of " + Arrays.toString(ExecutionStatus.values()), RequestJson.shown(wanted));
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new ApiProblems.InvalidRequest("limit", "a number from 1 to " + MAX_LIMIT, String.valueOf(limit));
        }
        ObjectNode out = Json.object();
        ArrayNode list = out.putArray("executions");
        for (ExecutionSummary s : executions.list(blankToNull(pipeline), wanted, limit)) {
            list.add(ExecutionViews.summary(s));
        }
        return out;
    }

    @GetMapping("/v1/executions/{id}")
    ResponseEntity<?> describe(@PathVariable String id) {
        return executions.describe(id).<ResponseEntity<?>>map(d -> ResponseEntity.ok(ExecutionViews.described(d)))
                .orElseGet(() -> noExecution(id));
    }

    @GetMapping("/v1/executions/{id}/history")
    ResponseEntity<?> history(@PathVariable String id, @RequestParam(defaultValue = "0") int from,
                              @RequestParam(defaultValue = "1000") int limit) {
        if (from < 0) {
            throw new ApiProblems.InvalidRequest("from", "an index of 0 or more", String.valueOf(from));
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new ApiProblems.InvalidRequest("limit", "a number from 1 to " + MAX_LIMIT, String.valueOf(limit));
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
    ResponseEntity<?> stop(@PathVariable String id, HttpServletRequest http) {
        JsonNode request = RequestJson.object(RequestJson.read(http));
        String error = RequestJson.optionalString(request, "error", 256);
        String cause = RequestJson.optionalString(request, "cause", 32_768);
        return changed(executions.stop(id, error, cause));
    }

    @PostMapping("/v1/executions/{id}/redrive")
    ResponseEntity<?> redrive(@PathVariable String id) {
        return changed(executions.redrive(id));
    }

    static ResponseEntity<?> changed(Executions.Change change) {
        return switch (change) {
            case Executions.Change.Done d -> ResponseEntity.ok(ExecutionViews.summary(d.summary()));
            case Executions.Change.NotFound n -> noExecution(n.executionId());
            case Executions.Change.Refused r -> ApiProblems.of(HttpStatus.CONFLICT, ApiProblems.CONFLICT, "Not possible now", r.reason(),
                    Map.of("executionId", r.summary().executionId(), "executionStatus", r.summary().status()));
        };
    }

    static ResponseEntity<?> noExecution(String id) {
        return ApiProblems.notFound("No execution '" + id + "': expected an id as <pipeline>:<name>, as returned when it started.");
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
