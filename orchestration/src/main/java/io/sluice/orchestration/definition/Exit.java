package io.sluice.orchestration.definition;

import io.sluice.orchestration.path.ValueTemplate;

/**
 * How a state (or a Choice rule, or a catcher) leaves: in which query language it is written, the
 * workflow variables it assigns ({@code Assign}), and in JSONata its {@code Output}. Both are
 * evaluated against the variables as they were when the state was entered; the assignments take
 * effect as the state exits.
 *
 * @param assign the Assign block, or {@code null}
 * @param output a JSONata state's Output, or {@code null} for the state's default output
 */
public record Exit(boolean jsonata, ValueTemplate assign, ValueTemplate output) {
    public static final Exit NONE = new Exit(false, null, null);
    public static final Exit JSONATA = new Exit(true, null, null);

    public static Exit of(boolean jsonata, ValueTemplate assign, ValueTemplate output) {
        if (assign == null && output == null) {
            return jsonata ? JSONATA : NONE;
        }
        return new Exit(jsonata, assign, output);
    }

    /** Whether it assigns or shapes anything (a Choice rule without either leaves it to its state). */
    public boolean isEmpty() {
        return assign == null && output == null;
    }
}
