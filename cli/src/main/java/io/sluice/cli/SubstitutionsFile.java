package io.sluice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.substitution.DefinitionSubstitutions;
import io.sluice.orchestration.validation.Problem;
import java.io.PrintStream;

/** {@code --substitutions FILE} of exec, validate, serve and package: {@code ${Name}} placeholder values, as SAM fills them. */
final class SubstitutionsFile {
    private SubstitutionsFile() {}

    /** The substitutions of {@code file} (none when it is {@code null}), or {@code null} after printing its problems. */
    static DefinitionSubstitutions load(String file, PrintStream err) {
        if (file == null) {
            return DefinitionSubstitutions.none();
        }
        JsonNode json = DefinitionFiles.readJson(file, err);
        if (json == null) {
            return null;
        }
        try {
            return DefinitionSubstitutions.parse(json, file);
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return null;
        }
    }

    /** {@code json} (of {@code definitionFile}) with its placeholders filled, or {@code null} after printing each unfilled one. */
    static JsonNode apply(String definitionFile, JsonNode json, DefinitionSubstitutions substitutions, PrintStream err) {
        DefinitionSubstitutions.Substituted s = substitutions.apply(json);
        for (Problem p : s.problems()) {
            err.println(definitionFile + ": " + (p.pointer().isEmpty() ? "/" : p.pointer()) + ": " + p.message());
        }
        return s.problems().isEmpty() ? s.definition() : null;
    }
}
