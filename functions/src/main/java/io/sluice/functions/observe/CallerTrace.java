package io.sluice.functions.observe;

import io.sluice.functions.messaging.Traceparent;

/**
 * The W3C {@code traceparent} of the caller whose request this thread serves (an HTTP start, a webhook, the Step
 * Functions API's StartExecution), so an execution started for it is a child of the caller's span
 * ({@link RuntimeObserver#starting}). Set by the API for the length of one request; an invalid value is ignored, as the
 * W3C recommendation asks of a receiver (https://www.w3.org/TR/trace-context/#traceparent-header), and nothing else is
 * taken from the caller.
 */
public final class CallerTrace {
    private static final ThreadLocal<String> CURRENT = new ThreadLocal<>();

    private CallerTrace() {}

    /**
     * Makes {@code traceparent} (if valid; else none) the caller's trace on this thread until the scope is closed, which
     * restores what was there: {@code try (var scope = CallerTrace.open(header)) { ... }}.
     */
    public static Scope open(String traceparent) {
        String before = CURRENT.get();
        String valid = Traceparent.valid(traceparent);
        if (valid == null) {
            CURRENT.remove();
        } else {
            CURRENT.set(valid);
        }
        return () -> {
            if (before == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(before);
            }
        };
    }

    /** What {@link #open} returns: closing it restores the thread's caller trace. */
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        @Override
        void close();
    }

    /** The caller's traceparent on this thread, or null. */
    public static String current() {
        return CURRENT.get();
    }
}
