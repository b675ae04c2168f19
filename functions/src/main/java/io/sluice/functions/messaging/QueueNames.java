package io.sluice.functions.messaging;

/**
 * The queues Sluice uses, under one prefix per deployment: one for the orchestrator, one per task
 * function, and one for execution events.
 */
public record QueueNames(String prefix) {
    public static final QueueNames DEFAULT = new QueueNames("sluice");

    public String orchestrator() {
        return prefix + "-orchestrator";
    }

    public String tasks(String function) {
        return prefix + "-task-" + function;
    }

    public String events() {
        return prefix + "-events";
    }
}
