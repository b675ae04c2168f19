package io.sluice.functions.messaging;

import io.sluice.functions.priority.Priority;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

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
        return List.copyOf(channelsByPriority(function).values());
    }

    /** Every channel's queue of {@code function}, by its priority. */
    public Map<Priority, String> channelsByPriority(String function) {
        Map<Priority, String> m = new EnumMap<>(Priority.class);
        for (Priority p : Priority.values()) {
            m.put(p, tasks(function, p));
        }
        return m;
    }

    public String events() {
        return prefix + "-events";
    }
}
