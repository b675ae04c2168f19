package io.sluice.orchestration.choice;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.QueryPath;
import io.sluice.orchestration.path.Scope;

/** What a path in a choice rule names, with "nothing there" made uniform. */
final class Selections {
    private Selections() {}

    /**
     * The node {@code path} selects, or {@code null} when there is none. An indefinite path (a
     * wildcard or filter) that matches nothing selects an empty array; that counts as nothing too, so
     * {@code IsPresent} treats "no match" the same way for every kind of path.
     */
    static JsonNode select(DataPath path, Scope scope) {
        JsonNode node = path.select(scope);
        if (node == null || node.isMissingNode()) {
            return null;
        }
        if (path.path() instanceof QueryPath query && !query.isDefinite() && node.isArray() && node.isEmpty()) {
            return null;
        }
        return node;
    }

    /**
     * The node a comparison's Variable selects. As in Step Functions, a comparison whose Variable
     * names nothing fails the state with {@code States.Runtime}; guard it with {@code IsPresent}.
     */
    static JsonNode require(DataPath path, Scope scope) {
        JsonNode node = select(path, scope);
        if (node == null) {
            throw new AslException(ErrorNames.RUNTIME, "Invalid path '" + path.text()
                    + "': the Choice rule's Variable selects nothing in the input; test it with IsPresent first.");
        }
        return node;
    }
}
