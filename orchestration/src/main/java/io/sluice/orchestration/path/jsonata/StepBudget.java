package io.sluice.orchestration.path.jsonata;

import com.dashjoin.jsonata.Jsonata;
import com.dashjoin.jsonata.Utils;
import java.lang.reflect.Proxy;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * A bound on the work one state's JSONata expressions may do: every node the evaluator enters is a
 * step, and past {@link #LIMIT} steps the evaluation stops with {@link Exceeded}. It counts steps,
 * not milliseconds, so the same expression on the same input passes or fails the same way on every
 * host and at every load (the engine stays deterministic), while an expression such as
 * {@code [1..10000000].[1..10000000]} fails in well under a second instead of holding a worker.
 *
 * <p>A range ({@code a..b}) is one node, but whatever holds it (an array constructor, a path step)
 * copies its numbers out at once, before it enters another node: {@code [1..10000000]} alone would
 * allocate ten million numbers inside one step. So the moment a range has been built (still lazy, a
 * start and an end) it is checked: one range may hold at most {@link #MAX_RANGE} numbers, and its
 * numbers are charged to the budget as steps, so many ranges together cannot allocate more than the
 * budget either.
 */
final class StepBudget {
    /** Generous for data shaping (a map over 100,000 items with a few operators per item fits). */
    static final long LIMIT = 2_000_000;
    /** The most numbers one range expression may hold (JSONata's own limit is 10,000,000). */
    static final int MAX_RANGE = 1_000_000;

    private long steps;
    /** The ranges charged already: one range can be the value of several nodes (the array constructor around it hands it on). */
    private final Set<Object> charged = Collections.newSetFromMap(new IdentityHashMap<>());

    private StepBudget() {
    }

    /** Puts a fresh budget on {@code frame}, the root frame of one rendering. */
    static void install(Jsonata.Frame frame) {
        StepBudget budget = new StepBudget();
        // A proxy, not a class or a lambda: the callbacks' first parameter type (the parser's node) is not public.
        Object callbacks = Proxy.newProxyInstance(StepBudget.class.getClassLoader(),
                new Class<?>[] {Jsonata.EntryCallback.class, Jsonata.ExitCallback.class}, (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return switch (method.getName()) {
                            case "hashCode" -> System.identityHashCode(proxy);
                            case "equals" -> proxy == args[0];
                            default -> "StepBudget";
                        };
                    }
                    if (method.getDeclaringClass() == Jsonata.EntryCallback.class) {
                        budget.step(1);
                    } else if (args[3] instanceof Utils.RangeList range) {
                        budget.range(range);
                    }
                    return null;
                });
        frame.setEvaluateEntryCallback((Jsonata.EntryCallback) callbacks);
        frame.setEvaluateExitCallback((Jsonata.ExitCallback) callbacks);
    }

    private void step(long n) {
        steps += n;
        if (steps > LIMIT) {
            throw new Exceeded("it needs more than " + LIMIT + " evaluation steps, the budget of one state's expressions");
        }
    }

    private void range(Utils.RangeList range) {
        if (range.size() > MAX_RANGE) {
            throw new Exceeded("a range (..) of " + range.size() + " numbers is more than " + MAX_RANGE + ", the most one range may hold");
        }
        if (charged.add(range)) {
            step(range.size());
        }
    }

    /** Thrown out of the evaluator when the budget is spent; no stack trace, it is an answer. */
    static final class Exceeded extends RuntimeException {
        Exceeded(String reason) {
            super(reason, null, false, false);
        }
    }
}
