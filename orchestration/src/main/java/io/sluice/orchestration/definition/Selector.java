package io.sluice.orchestration.definition;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.PayloadTemplate;
import io.sluice.orchestration.path.Scope;

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

    /** Applies the selector; a path that selects nothing fails with {@code States.Runtime}, as in Step Functions. */
    public JsonNode apply(JsonNode value, JsonNode context) {
        if (discard) {
            return Json.object();
        }
        if (path == null) {
            return value;
        }
        JsonNode selected = path.context() ? path.path().select(context) : path.path().select(value);
        if (selected == null) {
            throw new AslException(ErrorNames.RUNTIME, "Invalid path '" + path.text() + "' in " + field
                    + ": the path selects nothing in " + PayloadTemplate.preview(path.context() ? context : value) + ".");
        }
        return selected;
    }
}
