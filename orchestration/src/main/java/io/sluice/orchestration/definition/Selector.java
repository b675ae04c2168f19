package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.PayloadTemplate;
import io.sluice.orchestration.path.ReferencePath;
import io.sluice.orchestration.path.Variables;

/**
 * An InputPath or OutputPath: absent or {@code $} passes the value through ({@code path == null}),
 * another path selects part of it, and JSON {@code null} ({@code discard}) replaces it with an
 * empty object.
 */
public record Selector(String field, DataPath path, boolean discard) {

    public static Selector identity(String field) {
        return new Selector(field, null, false);
    }

    public static Selector discarding(String field) {
        return new Selector(field, null, true);
    }

    public static Selector of(String field, String pathText) {
        return "$".equals(pathText) ? identity(field) : new Selector(field, DataPath.parse(pathText), false);
    }

    /** Applies the selector to a path over the value or the context object (one that reads no variable). */
    public JsonNode apply(JsonNode value, JsonNode context) {
        return apply(value, context, Variables.NONE);
    }

    /**
     * Applies the selector; the path may read a workflow variable ({@code $name}), as Step Functions
     * allows. A path that selects nothing fails with {@code States.Runtime}, with Step Functions' cause.
     */
    public JsonNode apply(JsonNode value, JsonNode context, Variables variables) {
        if (discard) {
            return Json.object();
        }
        if (path == null) {
            return value;
        }
        JsonNode root = path.context() ? context : path.variable() != null ? variables.get(path.variable()) : value;
        JsonNode selected = root == null ? null : path.path().select(root);
        if (selected == null) {
            throw new AslException(ErrorNames.RUNTIME, "Invalid path '" + path.text() + "' : " + whyNothing(root));
        }
        return selected;
    }

    private String whyNothing(JsonNode root) {
        if (root == null) {
            return "the variable '" + path.variable() + "' is not assigned (in " + field + ")";
        }
        return path.path() instanceof ReferencePath reference ? reference.whyNothing(root)
                : "No results for path " + path.path().text() + " in " + PayloadTemplate.preview(root);
    }
}
