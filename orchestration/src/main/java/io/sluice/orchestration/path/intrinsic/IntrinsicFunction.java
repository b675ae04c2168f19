package io.sluice.orchestration.path.intrinsic;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.path.Scope;
import java.util.List;

/**
 * One intrinsic function: its name, how many arguments it takes, the type each argument must
 * have, and what it computes. Argument types are checked before {@link Body#apply} runs, so a body
 * reads its arguments without checking them again.
 *
 * @param types the type of each argument position; when the function takes more arguments than
 *              there are types, the last type applies to the rest
 * @param maxArgs {@link #UNBOUNDED} when there is no upper limit
 */
record IntrinsicFunction(String name, int minArgs, int maxArgs, List<ArgType> types, ParseCheck parseCheck, Body body) {
    static final int UNBOUNDED = Integer.MAX_VALUE;

    /** What the function computes from its evaluated, type-checked arguments. */
    @FunctionalInterface
    interface Body {
        JsonNode apply(Arguments args, Scope scope);
    }

    /**
     * A check on the parsed arguments that the parser runs, for a rule known before any data is
     * seen; it returns a reason the call is malformed, or {@code null} when it is fine.
     */
    @FunctionalInterface
    interface ParseCheck {
        String problem(List<Argument> args);
    }

    IntrinsicFunction {
        types = List.copyOf(types);
        if (types.isEmpty() && maxArgs > 0) {
            throw new IllegalArgumentException(name + " takes arguments but declares no types for them");
        }
    }

    /** A function taking exactly one argument of each of {@code types}. */
    static IntrinsicFunction of(String name, List<ArgType> types, Body body) {
        return new IntrinsicFunction(name, types.size(), types.size(), types, args -> null, body);
    }

    IntrinsicFunction withArity(int min, int max) {
        return new IntrinsicFunction(name, min, max, types, parseCheck, body);
    }

    IntrinsicFunction withParseCheck(ParseCheck check) {
        return new IntrinsicFunction(name, minArgs, maxArgs, types, check, body);
    }

    ArgType typeAt(int index) {
        return types.get(Math.min(index, types.size() - 1));
    }

    boolean acceptsCount(int count) {
        return count >= minArgs && count <= maxArgs;
    }

    /** How many arguments the function takes, as a phrase: "exactly 2 arguments", "2 or 3 arguments". */
    String arityPhrase() {
        if (maxArgs == UNBOUNDED) {
            return minArgs == 0 ? "any number of arguments" : "at least " + plural(minArgs);
        }
        if (minArgs == maxArgs) {
            return minArgs == 0 ? "no arguments" : "exactly " + plural(minArgs);
        }
        return maxArgs == minArgs + 1 ? minArgs + " or " + plural(maxArgs) : minArgs + " to " + plural(maxArgs);
    }

    static String plural(int count) {
        return count == 1 ? "1 argument" : count + " arguments";
    }
}
