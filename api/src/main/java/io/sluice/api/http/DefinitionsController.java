package io.sluice.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.port.Pipelines;
import io.sluice.api.port.StateMachineVersions;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.json.Json;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The state machines behind pipelines and executions, for drawing them: {@code GET /v1/pipelines/{id}/definition}
 * (what the pipeline runs now; a pattern pipeline's rendered definition) and {@code GET /v1/executions/{id}/definition}
 * (the definition the execution is pinned to, by its hash; {@code "pinned": false} when the host keeps no pinned copy and
 * the pipeline's current one is answered instead). A caller sees the definitions of the pipelines it sees; any other is a 404.
 */
@RestController
class DefinitionsController {
    private final Pipelines pipelines;
    private final ExecutionControl executions;
    private final ObjectProvider<StateMachineVersions> versions;

    DefinitionsController(Pipelines pipelines, ExecutionControl executions, ObjectProvider<StateMachineVersions> versions) {
        this.pipelines = pipelines;
        this.executions = executions;
        this.versions = versions;
    }

    @GetMapping("/v1/pipelines/{id}/definition")
    ResponseEntity<?> pipeline(@PathVariable String id, Caller caller) {
        Optional<JsonNode> definition = caller.sees(id) ? pipelines.definition(id) : Optional.empty();
        if (definition.isEmpty()) {
            return ApiProblems.notFound("No runnable pipeline '" + id + "': expected " + pipelines.whereExpected(id) + " without problems.");
        }
        ObjectNode out = Json.object().put("pipeline", id);
        if (pipelines.find(id) instanceof Pipelines.Lookup.Found f) {
            out.put("definitionHash", f.definitionHash());
        }
        out.set("definition", definition.get());
        return ResponseEntity.ok(out);
    }

    @GetMapping("/v1/executions/{id}/definition")
    ResponseEntity<?> execution(@PathVariable String id, Caller caller) {
        return executions.summary(id).filter(s -> caller.sees(s.pipeline())).<ResponseEntity<?>>map(s -> {
            ObjectNode out = Json.object().put("executionId", id).put("pipeline", s.pipeline()).put("definitionHash", s.definitionHash());
            Optional<JsonNode> pinned = Optional.ofNullable(versions.getIfAvailable())
                    .flatMap(v -> v.pinned(s.definitionHash())).flatMap(DefinitionsController::parsed);
            Optional<JsonNode> definition = pinned.isPresent() ? pinned : pipelines.definition(s.pipeline());
            if (definition.isEmpty()) {
                return ApiProblems.notFound("The definition of execution '" + id + "' is no longer kept, and its pipeline has none that runs now.");
            }
            out.put("pinned", pinned.isPresent());
            out.set("definition", definition.get());
            return ResponseEntity.ok(out);
        }).orElseGet(() -> ExecutionsController.noExecution(id));
    }

    private static Optional<JsonNode> parsed(String text) {
        try {
            return Optional.of(Json.parse(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
