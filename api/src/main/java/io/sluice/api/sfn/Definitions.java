package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.port.StateMachines;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.validation.DefinitionValidator;
import io.sluice.orchestration.validation.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * A definition as the API receives it (a JSON text), checked by the engine's validator and by the host (functions it
 * has, resources it can run), with the problems in the two shapes the service uses: the message of
 * {@code InvalidDefinition}, and {@code ValidateStateMachineDefinition}'s diagnostics.
 */
final class Definitions {
    /** A problem as the service's diagnostics have it. */
    record Diagnostic(String severity, String code, String message, String location) {}

    private final StateMachines machines;

    Definitions(StateMachines machines) {
        this.machines = machines;
    }

    /** Every problem of {@code text} as a machine called {@code name}; a text that is not JSON is one problem. */
    List<Diagnostic> diagnose(String name, String text) {
        JsonNode json;
        try {
            json = Json.parse(text);
        } catch (IllegalArgumentException e) {
            return List.of(new Diagnostic("ERROR", "INVALID_JSON_DESCRIPTION", "The definition is not JSON: " + e.getMessage(), null));
        }
        List<Diagnostic> out = new ArrayList<>();
        List<Problem> problems = DefinitionValidator.validate(json);
        for (Problem p : problems) {
            out.add(new Diagnostic(p.isError() ? "ERROR" : "WARNING", p.isError() ? "SCHEMA_VALIDATION_FAILED" : "VALIDATION_WARNING",
                    p.message(), p.pointer().isEmpty() ? "/" : p.pointer()));
        }
        if (DefinitionValidator.isValid(problems)) {
            for (String p : machines.hostProblems(name, text)) {
                out.add(new Diagnostic("ERROR", "UNSUPPORTED_ON_HOST", p, null));
            }
        }
        return out;
    }

    /** Throws {@code InvalidDefinition} naming every error of {@code text}; warnings do not stop it. */
    void requireValid(String name, String text) {
        List<Diagnostic> errors = diagnose(name, text).stream().filter(d -> d.severity().equals("ERROR")).toList();
        if (!errors.isEmpty()) {
            throw SfnError.INVALID_DEFINITION.with("Invalid State Machine Definition: " + String.join(", ", errors.stream()
                    .map(d -> "'" + d.code() + ": " + d.message() + (d.location() == null ? "" : " at " + d.location()) + "'").toList()));
        }
    }

    static ArrayNode diagnostics(List<Diagnostic> diagnostics) {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (Diagnostic d : diagnostics) {
            ObjectNode o = out.addObject();
            o.put("severity", d.severity()).put("code", d.code()).put("message", d.message());
            if (d.location() != null) {
                o.put("location", d.location());
            }
        }
        return out;
    }
}
