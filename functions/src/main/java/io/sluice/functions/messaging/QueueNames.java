package io.sluice.functions.messaging;

import io.sluice.functions.priority.Priority;
import java.util.Arrays;
import java.util.List;

/**
 * The queues Sluice uses, under one prefix per deployment: one for the orchestrator, one per task
 * function, and one for execution events.
 */
public record QueueNames(String prefix) {
    public static final QueueNames DEFAULT = new QueueNames("sluice");

    public String orchestrator() {
        return prefix + "-orchestrator";
    }

    /** {@code function}'s queue of the {@link Priority#DEFAULT} channel. */
    public String tasks(String function) {
        return prefix + "-task-" + function;
    }

    /** {@code function}'s queue of channel {@code priority}: the default channel's name plus {@link Priority#queueSuffix()}. */
    public String tasks(String function, Priority priority) {
        return tasks(function) + priority.queueSuffix();
    }

    /** Every channel's queue of {@code function}, P0 first. */
    public List<String> channels(String function) {
        return Arrays.stream(Priority.values()).map(p -> tasks(function, p)).toList();
    }

    public String events() {
        return prefix + "-events";
    }
}
