package io.sluice.functions.priority;

import java.util.Locale;
import java.util.Optional;

/**
 * A pipeline's priority channel, {@code P0} (highest) to {@code P3}. Declared in the pipeline's
 * options (default {@link #DEFAULT}), overridable per execution at start, stored with the execution and
 * carried by each of its task messages, so dispatch, limits and alerts all see the same one.
 */
public enum Priority {
    P0, P1, P2, P3;

    /** A pipeline that declares none. */
    public static final Priority DEFAULT = P2;
    /** What an error message says is expected. */
    public static final String EXPECTED = "one of P0, P1, P2, P3 (P0 highest)";

    /**
     * The channel's queue-name suffix: none for {@link #DEFAULT} (so a deployment's existing task queues
     * are its P2 channel), {@code -p0}, {@code -p1}, {@code -p3} for the others.
     */
    public String queueSuffix() {
        return this == DEFAULT ? "" : "-" + name().toLowerCase(Locale.ROOT);
    }

    /** {@code text} as a priority, or empty when it is none ({@code p1} is accepted as {@code P1}). */
    public static Optional<Priority> find(String text) {
        if (text == null) {
            return Optional.empty();
        }
        for (Priority p : values()) {
            if (p.name().equalsIgnoreCase(text.strip())) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /**
     * @param field the field it came in, named in the error
     * @throws IllegalArgumentException naming {@code field} and what is expected
     */
    public static Priority parse(String text, String field) {
        return find(text).orElseThrow(() -> new IllegalArgumentException(
                "'" + field + "' must be " + EXPECTED + "; got " + (text == null ? "nothing" : "'" + text + "'")));
    }

    /** Higher channels first: P0 before P1. */
    public boolean above(Priority other) {
        return ordinal() < other.ordinal();
    }
}
