package io.sluice.orchestration.path.jsonata;

import com.dashjoin.jsonata.Jsonata;
import com.dashjoin.jsonata.Utils;
import io.sluice.orchestration.path.Ticker;
import java.lang.reflect.Proxy;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A bound on the work one rendering of a state's JSONata expressions may do, in three parts.
 *
 * <p><b>Steps.</b> Every node the evaluator enters is a step; past {@link #LIMIT} steps the evaluation stops
 * with {@link Exceeded}. It counts steps, not milliseconds, so the same expression on the same input passes or
 * fails the same way on every host and at every load (the engine stays deterministic), while an expression such
 * as {@code [1..10000000].[1..10000000]} fails in well under a second instead of holding a worker. A range
 * ({@code a..b}) is one node, but whatever holds it copies its numbers out at once, so the moment a range has
 * been built (still lazy, a start and an end) it is checked: one range may hold at most {@link #MAX_RANGE}
 * numbers, and its numbers are charged as steps.
 *
 * <p><b>What is built.</b> A step can build a value of any size ({@code $pad('', 5000000)} is one step), so
 * every node's value is also measured as the node exits, in cells: a string's characters, an array's items, an
 * object's fields (with their names' characters), and 1 for any other value. Three bounds follow.
 * <ul>
 * <li>One value: at most {@link #MAX_VALUE} cells, counted in full. Objects can share members
 *     ({@code {"a": $x, "b": $x}}), so a value of a few cells at the top can stand for an exponentially large
 *     text; the full size is memoized by identity (and measured again if the container's own size has changed),
 *     so measuring a shared member again costs nothing and the sharing cannot get past the bound. Whatever later
 *     walks a whole value ({@code $string}, {@code =}, converting the result to JSON) walks at most that much.</li>
 * <li>One node: at most {@link #MAX_GATHERED} cells gathered from its parts' values. A node can only copy what its
 *     parts gave it (a path each step's values, {@code $map} each result of its function, an array constructor
 *     its items), and each part's value is added to its parent's tally as the part exits, so the copy is refused
 *     while it is still a list of references, before it is made ({@code $a.($a).($a)} cannot become a billion
 *     items).</li>
 * <li>The rendering: at most {@link #MAX_BUILT} cells in all, each value charged its top-level size once (a value
 *     given again by another node, such as {@code $states.input.items} read in every iteration of a map, is not
 *     charged again; see {@link IntSet}).</li>
 * </ul>
 * Charging on exit lets one operator build at most what its operands hold before the check (at most twice
 * {@link #MAX_VALUE} for {@code &}); the built-ins whose result is not bounded by their arguments ({@code $pad},
 * {@code $join}, {@code $replace}, {@code $string}, {@code $clone}, {@code $base64encode}, {@code $encodeUrl},
 * {@code $encodeUrlComponent}) are checked before they build, by {@link Builtins}. Refusals are
 * {@link Exceeded}, which {@link Expression} turns into {@code States.QueryEvaluationError} naming the limit.
 * A built-in that loops over copies of its own ({@code $replace} with a limit) may copy at most
 * {@link #MAX_WORK} characters. Reading a value already held is not charged again ({@code $length($big)} in a
 * loop costs a step per call, not the length): the step budget and the backstop bound that.
 *
 * <p><b>Backstop.</b> Should a charge miss something, the rendering also has a wall-clock deadline
 * ({@link Ticker#BACKSTOP_NANOS} after it starts), checked every {@link #TICK_EVERY} steps and before each
 * guarded built-in. The core reads no clock: the time comes from the {@link Ticker} the host gave the engine,
 * and with {@link Ticker#NONE} there is no deadline. Only an evaluation that is already pathological can meet it,
 * so the deterministic budgets decide every ordinary outcome.
 */
final class StepBudget {
    /** Generous for data shaping (a map over 100,000 items with a few operators per item fits). */
    static final long LIMIT = 2_000_000;
    /** The most numbers one range expression may hold (JSONata's own limit is 10,000,000). */
    static final int MAX_RANGE = 1_000_000;
    /**
     * The largest value one node may give, in cells: 1 Mi, four times Step Functions' 256 KiB payload quota,
     * which every state's input, result and output must fit; intermediate values may be bigger than what leaves
     * the state, but not unboundedly.
     */
    static final long MAX_VALUE = 1L << 20;
    /** The cells one rendering may build in all: 16 Mi, sixteen values of the largest size. */
    static final long MAX_BUILT = 1L << 24;
    /**
     * The most one node may gather from the values of its parts (its children in the expression, each time
     * they exit): 4 Mi, four values of the largest size. A path copies each step's values into its own, an array
     * constructor its items, a function its arguments and, for {@code $map} and the like, every result of its
     * function; this bounds that copy before it is made, wherever the parts come from.
     */
    static final long MAX_GATHERED = 4 * MAX_VALUE;
    /** Values smaller than this are charged each time a node gives them; larger ones once per identity. */
    private static final int DEDUPLICATE_FROM = 4;
    /** The most characters one built-in call may copy in a loop of its own: 64 Mi (tens of milliseconds). */
    static final long MAX_WORK = 1L << 26;
    /** How many steps pass between two readings of the ticker. */
    static final int TICK_EVERY = 1024;
    /** Containers whose full size is smaller than this are measured again rather than remembered (walking them is as cheap). */
    private static final int MEMO_FROM = 64;

    /** The nodes open now, innermost last, and what each has gathered from the values of its parts. */
    private Object[] nodes = new Object[64];
    private long[] gathered = new long[64];
    private int depth;
    /** Identity hashes of the values charged already (those of {@link #DEDUPLICATE_FROM} cells or more). */
    private final IntSet seen = new IntSet();
    private long steps;
    private long built;
    /** Once spent, the budget stays spent: the library swallows some exceptions (a $replace callback's), not the next step. */
    private Exceeded spent;
    private final Ticker ticker;
    private final long deadline;
    /** The ranges charged already: one range can be the value of several nodes (the array constructor around it hands it on). */
    private final Set<Object> charged = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Full sizes of the containers measured: {own size when measured, full size}. */
    private final Map<Object, long[]> sizes = new IdentityHashMap<>();

    private StepBudget(Ticker ticker) {
        this.ticker = ticker == null ? Ticker.NONE : ticker;
        this.deadline = this.ticker.ticks() ? this.ticker.nanos() + Ticker.BACKSTOP_NANOS : 0;
    }

    /** Puts a fresh budget on {@code frame}, the root frame of one rendering, with its guarded built-ins. */
    static StepBudget install(Jsonata.Frame frame, Ticker ticker) {
        StepBudget budget = new StepBudget(ticker);
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
                        budget.entered(args[0]);
                    } else {
                        budget.exited(args[0], args[3]);
                    }
                    return null;
                });
        frame.setEvaluateEntryCallback((Jsonata.EntryCallback) callbacks);
        frame.setEvaluateExitCallback((Jsonata.ExitCallback) callbacks);
        Builtins.bind(frame, budget);
        return budget;
    }

    private void step(long n) {
        if (spent != null) {
            throw spent;
        }
        long before = steps;
        steps += n;
        if (steps > LIMIT) {
            throw spend("it needs more than " + LIMIT + " evaluation steps, the budget of one state's expressions");
        }
        if (before / TICK_EVERY != steps / TICK_EVERY) {
            checkDeadline();
        }
    }

    /** Stops the evaluation once the host's ticker says it has run past its deadline. */
    void checkDeadline() {
        if (ticker.ticks() && ticker.nanos() - deadline > 0) {
            throw spend("it ran for more than " + Ticker.BACKSTOP_NANOS / 1_000_000
                    + " ms, the wall-clock backstop of one state's expressions");
        }
    }

    /** Starts one expression of the rendering: its nodes are the only ones open. */
    void begin() {
        depth = 0;
    }

    private void entered(Object node) {
        step(1);
        if (depth == nodes.length) {
            nodes = java.util.Arrays.copyOf(nodes, depth * 2);
            gathered = java.util.Arrays.copyOf(gathered, depth * 2);
        }
        nodes[depth] = node;
        gathered[depth] = 0;
        depth++;
    }

    /** A node's value, as the node exits. */
    private void exited(Object node, Object value) {
        if (spent != null) {
            throw spent;
        }
        // Close the node (and any a swallowed exception left open inside it).
        for (int i = depth - 1; i >= 0; i--) {
            if (nodes[i] == node) {
                depth = i;
                nodes[i] = null;
                break;
            }
        }
        long cells;
        if (value instanceof Utils.RangeList range) {
            range(range);
            cells = range.size();
        } else if (value instanceof String s) {
            cells = s.length();
            value(cells, "a string");
        } else if (value instanceof List<?> list) {
            cells = list.size();
            value(size(list), "an array");
        } else if (value instanceof Map<?, ?> map) {
            cells = map.size();
            value(size(map), "an object");
        } else {
            return;
        }
        if (depth > 0) {
            gathered[depth - 1] += cells;
            if (gathered[depth - 1] > MAX_GATHERED) {
                throw spend("one expression gathers more than " + MAX_GATHERED
                        + " characters and items from its parts, the most one expression may copy into its value");
            }
        }
        if (cells < DEDUPLICATE_FROM || seen.add(System.identityHashCode(value))) {
            charge(cells);
        }
    }

    private void range(Utils.RangeList range) {
        if (range.size() > MAX_RANGE) {
            throw spend("a range (..) of " + range.size() + " numbers is more than " + MAX_RANGE + ", the most one range may hold");
        }
        if (charged.add(range)) {
            step(range.size());
        }
    }

    /** Charges {@code cells} built to the rendering's budget. */
    void charge(long cells) {
        built += cells;
        if (built > MAX_BUILT) {
            throw spend("its values add up to more than " + MAX_BUILT
                    + " characters and items, the budget of what one state's expressions may build");
        }
    }

    /**
     * Refuses a built-in call that would copy more than {@link #MAX_WORK} characters in all (a loop of copies
     * inside one call, where no node is entered to count steps).
     */
    void work(long characters, String what) {
        if (characters > MAX_WORK) {
            throw spend(what + " would copy up to " + characters + " characters, more than " + MAX_WORK
                    + ", the most one built-in call may copy");
        }
    }

    /** Refuses a value of {@code cells} cells (before it is built, where the caller can tell). */
    void value(long cells, String what) {
        if (cells > MAX_VALUE) {
            throw spend(what + " of " + (cells == Long.MAX_VALUE ? "unbounded size" : cells + " characters and items")
                    + " is more than " + MAX_VALUE + ", the largest value one expression may build");
        }
    }

    /**
     * The full size of {@code value} in cells, memoized by identity for containers; throws {@link Exceeded} as
     * soon as it passes {@link #MAX_VALUE}, so the walk never goes further than that.
     */
    long size(Object value) {
        if (value instanceof String s) {
            return Math.max(1, s.length());
        }
        if (value instanceof Utils.RangeList range) {
            return Math.max(1, range.size());
        }
        if (value instanceof List<?> list) {
            long[] known = sizes.get(list);
            if (known != null && known[0] == list.size()) {
                return known[1];
            }
            long n = Math.max(1, list.size());
            for (Object item : list) {
                n += size(item);
                value(n, "an array");
            }
            remember(list, list.size(), n);
            return n;
        }
        if (value instanceof Map<?, ?> map) {
            long[] known = sizes.get(map);
            if (known != null && known[0] == map.size()) {
                return known[1];
            }
            long n = 1;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                n += 1 + (e.getKey() instanceof String k ? k.length() : 1) + size(e.getValue());
                value(n, "an object");
            }
            remember(map, map.size(), n);
            return n;
        }
        return 1;
    }

    private void remember(Object container, int own, long full) {
        if (full >= MEMO_FROM) {
            sizes.put(container, new long[] {own, full});
        }
    }

    private Exceeded spend(String reason) {
        spent = new Exceeded(reason);
        return spent;
    }

    /**
     * A set of ints (identity hashes) with open addressing: it remembers which values were charged without
     * keeping them alive. Two values with one hash, or a hash reused after a collection, make a value go
     * uncharged to the rendering's total; {@link #MAX_VALUE} and {@link #MAX_GATHERED} still hold for it.
     */
    private static final class IntSet {
        private int[] slots = new int[1024];
        private boolean zero;
        private int size;

        boolean add(int v) {
            if (v == 0) {
                boolean added = !zero;
                zero = true;
                return added;
            }
            if (size * 2 >= slots.length) {
                int[] old = slots;
                slots = new int[old.length * 2];
                size = 0;
                for (int o : old) {
                    if (o != 0) {
                        insert(o);
                    }
                }
            }
            return insert(v);
        }

        private boolean insert(int v) {
            int mask = slots.length - 1;
            for (int i = (v * 0x9E3779B9) & mask; ; i = (i + 1) & mask) {
                if (slots[i] == v) {
                    return false;
                }
                if (slots[i] == 0) {
                    slots[i] = v;
                    size++;
                    return true;
                }
            }
        }
    }

    /** Thrown out of the evaluator when the budget is spent; no stack trace, it is an answer. */
    static final class Exceeded extends RuntimeException {
        Exceeded(String reason) {
            super(reason, null, false, false);
        }
    }
}
