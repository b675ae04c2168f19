package io.sluice.orchestration.path.intrinsic;

import static io.sluice.orchestration.path.intrinsic.ArgType.ANY;
import static io.sluice.orchestration.path.intrinsic.ArgType.BOOLEAN;
import static io.sluice.orchestration.path.intrinsic.ArgType.OBJECT;
import static io.sluice.orchestration.path.intrinsic.ArgType.STRING;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.Scope;
import java.util.List;

/** States.StringToJson, States.JsonToString and States.JsonMerge. */
final class JsonFunctions {
    /** Strict about what follows the value: "1 2" is not one JSON text. */
    private static final ObjectReader READER = Json.MAPPER.reader()
            .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private JsonFunctions() {}

    static List<IntrinsicFunction> all() {
        return List.of(
                IntrinsicFunction.of("States.StringToJson", List.of(STRING), JsonFunctions::stringToJson),
                IntrinsicFunction.of("States.JsonToString", List.of(ANY),
                        (args, scope) -> TextNode.valueOf(Json.write(args.get(0)))),
                IntrinsicFunction.of("States.JsonMerge", List.of(OBJECT, OBJECT, BOOLEAN), JsonFunctions::merge));
    }

    /** Parses its argument; an empty or blank string gives null, as AWS records (conformance/intrinsic-string-to-json.json). */
    private static JsonNode stringToJson(Arguments args, Scope scope) {
        String text = args.string(0);
        if (text.isBlank()) {
            return Json.NODES.nullNode();
        }
        JsonNode parsed;
        try {
            parsed = READER.readTree(text);
        } catch (JsonProcessingException e) {
            throw args.failure("could not parse its argument as JSON: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " at column " + e.getLocation().getColumnNr()) + ".");
        }
        if (parsed == null || parsed.isMissingNode()) {
            throw args.failure("could not parse its argument as JSON: the string holds no JSON value.");
        }
        return parsed;
    }

    /**
     * A shallow merge: the second object's fields replace the first's. Step Functions supports
     * only this mode, so asking for a deep merge fails rather than quietly doing a shallow one.
     */
    private static JsonNode merge(Arguments args, Scope scope) {
        if (args.bool(2)) {
            throw args.failure("supports only a shallow merge, so its third argument must be false;"
                    + " Step Functions does not support a deep merge.");
        }
        ObjectNode out = Json.object();
        out.setAll(args.object(0));
        out.setAll(args.object(1));
        return out;
    }
}
