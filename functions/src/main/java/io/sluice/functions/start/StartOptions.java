package io.sluice.functions.start;

import io.sluice.functions.priority.Priority;

/**
 * What a start may set besides name and input.
 *
 * @param priority the execution's priority channel, overriding the pipeline's; {@code null}: the pipeline's
 */
public record StartOptions(Priority priority) {
    public static final StartOptions NONE = new StartOptions(null);

    /** A start on channel {@code priority}. */
    public static StartOptions priority(Priority priority) {
        return new StartOptions(priority);
    }
}
