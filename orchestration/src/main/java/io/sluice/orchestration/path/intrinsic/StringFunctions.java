package io.sluice.orchestration.path.intrinsic;

import static io.sluice.orchestration.path.intrinsic.ArgType.ANY;
import static io.sluice.orchestration.path.intrinsic.ArgType.STRING;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.Scope;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;

/** States.Format and States.StringSplit. */
final class StringFunctions {
    private StringFunctions() {}

    static List<IntrinsicFunction> all() {
        return List.of(
                IntrinsicFunction.of("States.Format", List.of(STRING, ANY), StringFunctions::format)
                        .withArity(1, IntrinsicFunction.UNBOUNDED)
                        .withParseCheck(StringFunctions::checkLiteralTemplate),
                IntrinsicFunction.of("States.StringSplit", List.of(STRING, STRING), StringFunctions::split));
    }

    /** A literal template's placeholders are known when the definition loads: count them then. */
    private static String checkLiteralTemplate(List<Argument> args) {
        if (args.get(0) instanceof Argument.Text text && text.template().placeholders() != args.size() - 1) {
            return "the States.Format template " + text.value() + " has " + placeholders(text.template().placeholders())
                    + " but " + values(args.size() - 1) + (args.size() == 2 ? " follows it" : " follow it");
        }
        return null;
    }

    /**
     * Strings are inserted as they are, numbers, booleans and null as JSON text, objects and arrays as
     * {@link #text} prints them. A template written in the call was split at parse time (so escaped
     * braces stay text); one taken from the data is split here.
     */
    private static JsonNode format(Arguments args, Scope scope) {
        FormatTemplate template = args.expression(0) instanceof Argument.Text text
                ? text.template() : FormatTemplate.ofRaw(args.string(0));
        int given = args.size() - 1;
        if (template.placeholders() != given) {
            throw args.failure("needs " + values(template.placeholders()) + " for the placeholders {} in its template "
                    + Json.write(args.get(0)) + ", but was given " + given + ".");
        }
        List<String> values = new ArrayList<>(given);
        for (int i = 1; i <= given; i++) {
            JsonNode value = args.get(i);
            values.add(text(value));
        }
        return TextNode.valueOf(template.render(values));
    }

    /**
     * A value as States.Format prints it. AWS records an object argument as {@code {Arg1=1, Arg2=[]}}:
     * fields as {@code name=value} joined by {@code ", "} in braces (conformance/intrinsic-format-values.json).
     * Arrays in brackets joined the same way, and strings inside them without quotes, follow that pattern
     * (Java's map and list printing); only the recorded shapes are certain.
     */
    static String text(JsonNode value) {
        if (value.isTextual()) {
            return value.textValue();
        }
        if (value.isObject()) {
            StringJoiner out = new StringJoiner(", ", "{", "}");
            value.properties().forEach(e -> out.add(e.getKey() + "=" + text(e.getValue())));
            return out.toString();
        }
        if (value.isArray()) {
            StringJoiner out = new StringJoiner(", ", "[", "]");
            value.forEach(item -> out.add(text(item)));
            return out.toString();
        }
        return Json.write(value);
    }

    /** Every character of the second argument is a delimiter; empty pieces are dropped. */
    private static JsonNode split(Arguments args, Scope scope) {
        String text = args.string(0);
        String delimiters = args.string(1);
        ArrayNode out = Json.NODES.arrayNode();
        int pieceStart = 0;
        int i = 0;
        while (i < text.length()) {
            int codePoint = text.codePointAt(i);
            int next = i + Character.charCount(codePoint);
            if (delimiters.indexOf(codePoint) >= 0) {
                addPiece(out, text, pieceStart, i);
                pieceStart = next;
            }
            i = next;
        }
        addPiece(out, text, pieceStart, text.length());
        return out;
    }

    private static void addPiece(ArrayNode out, String text, int from, int to) {
        if (to > from) {
            out.add(text.substring(from, to));
        }
    }

    private static String placeholders(int count) {
        return count == 1 ? "1 placeholder {}" : count + " placeholders {}";
    }

    private static String values(int count) {
        return count == 1 ? "1 value" : count + " values";
    }
}
