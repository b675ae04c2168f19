package io.sluice.orchestration.path.intrinsic;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import java.util.List;

/**
 * The evaluated arguments of one call, already checked against the function's {@link ArgType}s,
 * with the parsed argument expressions beside them for functions that prepared work at parse time.
 */
final class Arguments {
    private final IntrinsicFunction function;
    private final List<Argument> expressions;
    private final List<JsonNode> values;

    Arguments(IntrinsicFunction function, List<Argument> expressions, List<JsonNode> values) {
        this.function = function;
        this.expressions = expressions;
        this.values = values;
    }

    int size() {
        return values.size();
    }

    JsonNode get(int index) {
        return values.get(index);
    }

    List<JsonNode> all() {
        return values;
    }

    Argument expression(int index) {
        return expressions.get(index);
    }

    String string(int index) {
        return values.get(index).textValue();
    }

    int integer(int index) {
        return ArgType.toInt(values.get(index));
    }

    /** The argument of type {@link ArgType#ROUNDED_INTEGER} at {@code index}, rounded. */
    int roundedInteger(int index) {
        return ArgType.toRoundedInt(values.get(index));
    }

    boolean bool(int index) {
        return values.get(index).booleanValue();
    }

    ArrayNode array(int index) {
        return (ArrayNode) values.get(index);
    }

    ObjectNode object(int index) {
        return (ObjectNode) values.get(index);
    }

    /** A {@code States.IntrinsicFailure}; {@code problem} is a sentence that follows the function's name. */
    AslException failure(String problem) {
        return new AslException(ErrorNames.INTRINSIC_FAILURE, function.name() + " " + problem);
    }

    /** How a value reads in an error message: its type and, when short, the value itself. */
    static String describe(JsonNode value) {
        String type = Json.typeName(value);
        String article = type.equals("array") || type.equals("object") ? "an " : "a ";
        if (value.isNull()) {
            return "null";
        }
        String text = Json.write(value);
        return text.length() <= 60 ? article + type + " (" + text + ")" : article + type;
    }
}
