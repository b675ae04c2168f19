package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.MapState;
import io.sluice.orchestration.definition.PathOrIntrinsic;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.Scope;

/**
 * The values a Map state computes when it starts (its items, MaxConcurrency, the tolerated failures, MaxItems), checked
 * and, when wrong, failed with AWS's wording as LocalStack's {@code aws.validated} snapshots recorded it
 * ({@code tests/aws/services/stepfunctions/v2/scenarios/test_base_scenarios.snapshot.json}: the
 * {@code test_map_state_items_*}, {@code test_max_concurrency_path}, {@code test_map_state_tolerated_failure_*} and
 * {@code test_map_item_reader_*} entries). The location {@link ServiceEvents#located} puts before them is added where
 * the state fails.
 */
final class MapFields {
    private MapFields() {}

    /** The items: what ItemsPath or Items selects, or the state's effective input; an array, or the state fails. */
    static JsonNode items(MapState m, Scope scope, JsonNode effective) {
        JsonNode items = m.itemsPath() == null ? effective : m.itemsPath().select(scope);
        if (items != null && items.isArray()) {
            return items;
        }
        if (!m.exit().jsonata()) {
            throw new AslException(ErrorNames.RUNTIME, "ItemsPath '" + (m.itemsPath() == null ? "$" : m.itemsPath().text())
                    + "' of Map state '" + m.name() + "' must select an array, found " + Json.typeName(items) + ".");
        }
        if (m.itemsPath() == null) {
            throw new AslException(ErrorNames.QUERY_EVALUATION_ERROR, "Map state input must be an array but was: " + Json.write(items));
        }
        throw new AslException(ErrorNames.QUERY_EVALUATION_ERROR, "The JSONata expression '" + expressionText(m.itemsPath())
                + "' specified for the field 'Items' returned an unexpected result type. Expected 'array', but was '"
                + Json.typeName(items) + "' for value: " + Json.write(items));
    }

    /** MaxConcurrency, from MaxConcurrencyPath (or its JSONata form) when the state has one. */
    static int concurrency(MapState m, Scope scope) {
        if (m.maxConcurrencyPath() == null) {
            return m.maxConcurrency();
        }
        if (m.exit().jsonata()) {
            JsonNode v = Numbers.numeric(m.maxConcurrencyPath().select(scope));
            if (v == null || !v.isIntegralNumber() || v.asLong() < 0 || v.asLong() > Integer.MAX_VALUE) {
                throw new AslException(ErrorNames.QUERY_EVALUATION_ERROR, "MaxConcurrency '" + m.maxConcurrencyPath().text()
                        + "' of Map state '" + m.name() + "' must select a non-negative integer, found " + Json.typeName(v) + ".");
            }
            return v.asInt();
        }
        return (int) integer(m.maxConcurrencyPath(), scope, "MaxConcurrency", Integer.MAX_VALUE);
    }

    /**
     * A whole number a JSONPath field ({@code <field>Path}) selects, a number or a string of one: AWS's
     * {@code The <field>Path field refers to value "…" which is not a valid integer: <path>} when it is none, and
     * {@code <field> cannot be negative.} below 0.
     */
    static long integer(PathOrIntrinsic path, Scope scope, String field, long max) {
        JsonNode v = Numbers.numeric(path.select(scope));
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() > max) {
            throw notA(path, field, v, "integer");
        }
        if (v.asLong() < 0) {
            throw new AslException(ErrorNames.RUNTIME, field + " cannot be negative.");
        }
        return v.asLong();
    }

    /** ToleratedFailurePercentage from its path: a number from 0 to 100 (AWS: "not a valid float", "must be between 0 and 100."). */
    static JsonNode percentage(PathOrIntrinsic path, Scope scope) {
        JsonNode v = Numbers.numeric(path.select(scope));
        if (v == null || !v.isNumber()) {
            throw notA(path, "ToleratedFailurePercentage", v, "float");
        }
        if (v.asDouble() < 0 || v.asDouble() > 100) {
            throw new AslException(ErrorNames.RUNTIME, "ToleratedFailurePercentage must be between 0 and 100.");
        }
        return v;
    }

    private static AslException notA(PathOrIntrinsic path, String field, JsonNode v, String kind) {
        String shown = v == null ? "null" : v.isTextual() ? v.asText() : Json.write(v);
        return new AslException(ErrorNames.RUNTIME, "The " + field + "Path field refers to value \"" + shown
                + "\" which is not a valid " + kind + ": " + path.text());
    }

    /** A JSONata field's expression as AWS quotes it: the text between {@code {%} and {@code %}}, else the field as written. */
    private static String expressionText(PathOrIntrinsic p) {
        if (p instanceof PathOrIntrinsic.OfTemplate t) {
            try {
                JsonNode written = Json.parse(t.text());
                String s = written.isTextual() ? written.asText() : null;
                if (s != null && s.startsWith("{%") && s.endsWith("%}")) {
                    return s.substring(2, s.length() - 2).strip();
                }
            } catch (RuntimeException notJson) {
                return t.text();
            }
        }
        return p.text();
    }
}
