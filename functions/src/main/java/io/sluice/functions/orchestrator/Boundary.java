package io.sluice.functions.orchestrator;

/**
 * The points where a crash matters for exactly-once effect. Production passes {@link Probe#NONE};
 * the crash tests pass a probe that kills the JVM at one of them.
 */
public enum Boundary {
    /** The orchestrator decided a transition but has not committed it. */
    BEFORE_COMMIT,
    /** The transition is committed; its commands are not sent yet. */
    AFTER_COMMIT_BEFORE_SEND,
    /** A task function has done its work; its result is not stored yet. */
    AFTER_EFFECT_BEFORE_RESULT,
    /** A message was handled and its result stored and sent; the message is not acknowledged yet. */
    AFTER_RESULT_BEFORE_ACK,
    /** A waiting execution's object is in the object store; the store does not keep its stub yet (it is still awake). */
    AFTER_SLEEP_OBJECT_BEFORE_STUB,
    /** A sleeping execution is back in the store (woken); its object is not deleted yet. */
    AFTER_WAKE_BEFORE_DELETE;

    /** Whether only an execution that sleeps in the object store reaches it. */
    public boolean sleeping() {
        return this == AFTER_SLEEP_OBJECT_BEFORE_STUB || this == AFTER_WAKE_BEFORE_DELETE;
    }

    /** Told when a boundary is reached. */
    @FunctionalInterface
    public interface Probe {
        Probe NONE = boundary -> { };

        void reached(Boundary boundary);
    }
}
