package io.sluice.orchestration.path.intrinsic;

import static io.sluice.orchestration.path.intrinsic.ArgType.ANY;
import static io.sluice.orchestration.path.intrinsic.ArgType.ARRAY;
import static io.sluice.orchestration.path.intrinsic.ArgType.INTEGER;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.Scope;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** States.Array and the States.Array* functions. */
final class ArrayFunctions {
    /** The most elements States.ArrayRange may produce. */
    static final int MAX_RANGE = 1000;

    private ArrayFunctions() {}

    static List<IntrinsicFunction> all() {
        return List.of(
                IntrinsicFunction.of("States.Array", List.of(ANY), ArrayFunctions::array)
                        .withArity(0, IntrinsicFunction.UNBOUNDED),
                IntrinsicFunction.of("States.ArrayPartition", List.of(ARRAY, INTEGER), ArrayFunctions::partition),
                IntrinsicFunction.of("States.ArrayContains", List.of(ARRAY, ANY), ArrayFunctions::contains),
                IntrinsicFunction.of("States.ArrayRange", List.of(INTEGER, INTEGER, INTEGER), ArrayFunctions::range),
                IntrinsicFunction.of("States.ArrayGetItem", List.of(ARRAY, INTEGER), ArrayFunctions::getItem),
                IntrinsicFunction.of("States.ArrayLength", List.of(ARRAY), (args, scope) -> IntNode.valueOf(args.array(0).size())),
                IntrinsicFunction.of("States.ArrayUnique", List.of(ARRAY), ArrayFunctions::unique));
    }

    private static JsonNode array(Arguments args, Scope scope) {
        ArrayNode out = Json.NODES.arrayNode(args.size());
        args.all().forEach(out::add);
        return out;
    }

    private static JsonNode partition(Arguments args, Scope scope) {
        ArrayNode items = args.array(0);
        int size = args.integer(1);
        if (size <= 0) {
            throw args.failure("needs a chunk size of at least 1, but it was given " + size + ".");
        }
        ArrayNode out = Json.NODES.arrayNode();
        for (int from = 0; from < items.size(); from += size) {
            ArrayNode chunk = Json.NODES.arrayNode(Math.min(size, items.size() - from));
            for (int i = from; i < Math.min(items.size(), from + size); i++) {
                chunk.add(items.get(i));
            }
            out.add(chunk);
        }
        return out;
    }

    private static JsonNode contains(Arguments args, Scope scope) {
        JsonNode wanted = JsonValueKey.of(args.get(1));
        for (JsonNode item : args.array(0)) {
            if (wanted.equals(JsonValueKey.of(item))) {
                return BooleanNode.TRUE;
            }
        }
        return BooleanNode.FALSE;
    }

    /** From start to end, both included, in steps; end is included only when a step lands on it. */
    private static JsonNode range(Arguments args, Scope scope) {
        long start = args.integer(0);
        long end = args.integer(1);
        long step = args.integer(2);
        if (step == 0) {
            throw args.failure("needs a step other than 0.");
        }
        boolean away = step > 0 ? end < start : end > start;
        long count = away ? 0 : (end - start) / step + 1;
        if (count > MAX_RANGE) {
            throw args.failure("would produce " + count + " elements from " + start + " to " + end + " in steps of "
                    + step + ", but an array range may hold at most " + MAX_RANGE + ".");
        }
        ArrayNode out = Json.NODES.arrayNode((int) count);
        for (long i = 0; i < count; i++) {
            out.add((int) (start + i * step));
        }
        return out;
    }

    private static JsonNode getItem(Arguments args, Scope scope) {
        ArrayNode items = args.array(0);
        int index = args.integer(1);
        if (index < 0 || index >= items.size()) {
            throw args.failure("cannot get the item at index " + index + " of an array of " + items.size()
                    + (items.size() == 1 ? " item" : " items") + "; indexes start at 0.");
        }
        return items.get(index);
    }

    /** Keeps the first of equal items, in their original order. */
    private static JsonNode unique(Arguments args, Scope scope) {
        ArrayNode items = args.array(0);
        Set<JsonNode> seen = new HashSet<>();
        ArrayNode out = Json.NODES.arrayNode();
        for (JsonNode item : items) {
            if (seen.add(JsonValueKey.of(item))) {
                out.add(item);
            }
        }
        return out;
    }
}
