package io.sluice.orchestration.validation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.PathSyntaxException;
import io.sluice.orchestration.path.PayloadTemplate;
import io.sluice.orchestration.path.ReferencePath;
import io.sluice.orchestration.path.intrinsic.Intrinsics;
import java.util.Map;

/**
 * Paths and payload templates. Every check goes through the same parsers the interpreter compiles
 * with ({@link DataPath}, {@link ReferencePath}, {@link PayloadTemplate}), so what passes here compiles there.
 */
final class PathRules {
    private PathRules() {}

    /** InputPath, OutputPath: any path over the input or the context object, or null. */
    static void pathOrNull(Report report, Pointer at, String field, JsonNode value) {
        if (value.isNull()) return;
        if (!value.isTextual()) {
            report.error(at, field + " must be a path such as '$.order' or null, but is " + Fields.describe(value) + ".");
            return;
        }
        try {
            DataPath.parse(value.asText());
        } catch (PathSyntaxException e) {
            report.error(at, field + " must be a path such as '$.order' or null: " + reason(e, value));
        }
    }

    /** ResultPath: a reference path into the state input (no {@code $$}, no wildcards), or null. */
    static void resultPath(Report report, Pointer at, String field, JsonNode value) {
        if (value.isNull()) return;
        if (!value.isTextual()) {
            report.error(at, field + " must be a reference path such as '$.result' or null, but is "
                    + Fields.describe(value) + ".");
            return;
        }
        if (value.asText().startsWith("$$")) {
            report.error(at, field + " cannot write into the context object ($$); use a reference path into the state's"
                    + " data such as '$.result', or null.");
            return;
        }
        try {
            ReferencePath.parse(value.asText());
        } catch (PathSyntaxException e) {
            report.error(at, field + " must be a reference path such as '$.result' (field names and indexes only) or null: "
                    + reason(e, value));
        }
    }

    /** ItemsPath, SecondsPath, TimestampPath and the like: a reference path naming exactly one value. */
    static void referencePath(Report report, Pointer at, String field, JsonNode value) {
        String expected = field + " must be a reference path such as '" + example(field) + "'";
        if (!value.isTextual()) {
            report.error(at, expected + ", but is " + Fields.describe(value) + ".");
            return;
        }
        String text = value.asText();
        try {
            if (!(DataPath.parse(text).path() instanceof ReferencePath)) {
                report.error(at, expected + " that names one value; '" + text + "' is not one: a reference path has"
                        + " only field names and array indexes, with no wildcards, filters, slices or deep scan.");
            }
        } catch (PathSyntaxException e) {
            report.error(at, expected + ": " + reason(e, value));
        }
    }

    /**
     * The parser's reason as a sentence, quoting the path as written: a context path ({@code $$...})
     * reaches the parser without its first {@code $}.
     */
    static String reason(PathSyntaxException e, JsonNode written) {
        String message = e.getMessage();
        String parsed = "'" + e.text() + "'";
        if (written.isTextual() && message.startsWith(parsed)) {
            message = "'" + written.asText() + "'" + message.substring(parsed.length());
        }
        return Fields.sentence(message);
    }

    /** {@code ItemsPath} → {@code $.items}: an example path for messages. */
    private static String example(String field) {
        String bare = field.endsWith("Path") ? field.substring(0, field.length() - 4) : field;
        return "$." + Character.toLowerCase(bare.charAt(0)) + bare.substring(1);
    }

    /** ErrorPath, CausePath: a reference path, or an intrinsic function call that returns a string. */
    static void pathOrIntrinsic(Report report, Pointer at, String field, JsonNode value) {
        if (value.isTextual() && DataPath.isPathText(value.asText())) {
            referencePath(report, at, field, value);
            return;
        }
        if (!value.isTextual()) {
            report.error(at, field + " must be a reference path or an intrinsic function call, but is "
                    + Fields.describe(value) + ".");
            return;
        }
        try {
            Intrinsics.parse(value.asText());
        } catch (PathSyntaxException e) {
            report.error(at, field + " must be a reference path or an intrinsic function call: " + reason(e, value));
        }
    }

    /**
     * Parameters, ResultSelector, ItemSelector. Each {@code name.$} field is compiled on its own so
     * that every bad one is reported at its own pointer; the whole template is then compiled once
     * more as the interpreter will, to be sure the two agree.
     */
    static void template(Report report, Pointer at, String field, JsonNode value) {
        int before = report.size();
        walk(report, at, field, value);
        if (report.size() > before) return;
        try {
            PayloadTemplate.compile(value);
        } catch (PathSyntaxException e) {
            report.error(at, field + " does not compile: " + reason(e, value));
        }
    }

    private static void walk(Report report, Pointer at, String field, JsonNode node) {
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                walk(report, at.child(i), field, node.get(i));
            }
            return;
        }
        if (!node.isObject()) return;
        for (Map.Entry<String, JsonNode> entry : node.properties()) {
            String key = entry.getKey();
            Pointer here = at.child(key);
            if (!key.endsWith(".$")) {
                walk(report, here, field, entry.getValue());
                continue;
            }
            String bare = key.substring(0, key.length() - 2);
            if (node.has(bare)) {
                report.error(here, field + " has both '" + bare + "' and '" + key + "'; keep one, they set the same field.");
            }
            dynamicField(report, here, field, key, entry.getValue());
        }
    }

    private static void dynamicField(Report report, Pointer at, String field, String key, JsonNode value) {
        if (!value.isTextual()) {
            report.error(at, field + " field '" + key + "' must be a string holding a path or an intrinsic function call, but is "
                    + Fields.describe(value) + ".");
            return;
        }
        ObjectNode single = Json.object();
        single.set(key, value);
        try {
            PayloadTemplate.compile(single);
        } catch (PathSyntaxException e) {
            report.error(at, field + " field '" + key + "' must hold a valid path or intrinsic function call: "
                    + reason(e, value));
        }
    }
}
