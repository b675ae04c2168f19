package io.sluice.orchestration.path.intrinsic;

import static io.sluice.orchestration.path.intrinsic.ArgType.INTEGER;
import static io.sluice.orchestration.path.intrinsic.ArgType.ROUNDED_INTEGER;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Scope;
import java.util.List;

/**
 * States.MathAdd, States.MathRandom and States.UUID. Randomness comes only from the scope (or,
 * for a seeded MathRandom, from the seed), so a replay with the same source gives the same values.
 */
final class MathFunctions {
    private MathFunctions() {}

    static List<IntrinsicFunction> all() {
        return List.of(
                IntrinsicFunction.of("States.MathAdd", List.of(ROUNDED_INTEGER, ROUNDED_INTEGER), MathFunctions::add),
                IntrinsicFunction.of("States.MathRandom", List.of(INTEGER, INTEGER, INTEGER), MathFunctions::random)
                        .withArity(2, 3),
                IntrinsicFunction.of("States.UUID", List.of(), MathFunctions::uuid));
    }

    /**
     * Each argument is rounded to a 32-bit integer first, halves towards positive infinity (AWS records
     * 1.49 + 1.5 = 3, 1.5 + 1.51 = 4, -0.5 + 0.5 = 1); the sum is exact, even beyond that range.
     */
    private static JsonNode add(Arguments args, Scope scope) {
        long sum = (long) args.roundedInteger(0) + args.roundedInteger(1);
        return sum == (int) sum ? Json.NODES.numberNode((int) sum) : Json.NODES.numberNode(sum);
    }

    /** An integer from start (included) to end (excluded); with a seed, the same for the same seed. */
    private static JsonNode random(Arguments args, Scope scope) {
        long start = args.integer(0);
        long end = args.integer(1);
        if (start >= end) {
            throw args.failure("needs a start lower than its end, but was given start " + start + " and end " + end + ".");
        }
        RandomSource source = args.size() == 3 ? RandomSource.seeded(args.integer(2)) : scope.random();
        if (source == null) {
            throw new IllegalStateException("the scope has no random source for States.MathRandom");
        }
        long value = start + (long) (source.nextDouble() * (end - start));
        return Json.NODES.numberNode((int) Math.min(value, end - 1));
    }

    /** A version 4 (random) UUID made of two longs from the scope's random source. */
    private static JsonNode uuid(Arguments args, Scope scope) {
        RandomSource source = scope.random();
        if (source == null) {
            throw new IllegalStateException("the scope has no random source for States.UUID");
        }
        return TextNode.valueOf(source.uuid().toString());
    }
}
