package io.sluice.orchestration.path.jsonata;

import com.dashjoin.jsonata.Jsonata;
import java.lang.reflect.Proxy;

/**
 * A bound on the work one state's JSONata expressions may do: every node the evaluator enters is a
 * step, and past {@link #LIMIT} steps the evaluation stops with {@link Exceeded}. It counts steps,
 * not milliseconds, so the same expression on the same input passes or fails the same way on every
 * host and at every load (the engine stays deterministic), while an expression such as
 * {@code [1..10000000].[1..10000000]} fails in well under a second instead of holding a worker.
 */
final class StepBudget {
    /** Generous for data shaping (a map over 100,000 items with a few operators per item fits). */
    static final long LIMIT = 2_000_000;

    private long steps;

    private StepBudget() {
    }

    /** Puts a fresh budget on {@code frame}, the root frame of one rendering. */
    static void install(Jsonata.Frame frame) {
        StepBudget budget = new StepBudget();
        // A proxy, not a class or a lambda: the callback's first parameter type (the parser's node) is not public.
        frame.setEvaluateEntryCallback((Jsonata.EntryCallback) Proxy.newProxyInstance(StepBudget.class.getClassLoader(),
                new Class<?>[] {Jsonata.EntryCallback.class}, (proxy, method, args) -> {
                    if (method.getDeclaringClass() == Object.class) {
                        return switch (method.getName()) {
                            case "hashCode" -> System.identityHashCode(proxy);
                            case "equals" -> proxy == args[0];
                            default -> "StepBudget";
                        };
                    }
                    budget.step();
                    return null;
                }));
    }

    private void step() {
        if (++steps > LIMIT) {
            throw new Exceeded();
        }
    }

    /** Thrown out of the evaluator when the budget is spent; no stack trace, it is an answer. */
    static final class Exceeded extends RuntimeException {
        Exceeded() {
            super("it needs more than " + LIMIT + " evaluation steps, the budget of one state's expressions", null, false, false);
        }
    }
}
