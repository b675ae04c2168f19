package io.sluice.functions.hibernate;

import io.sluice.orchestration.engine.Transition;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.ExecutionStore;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Function;

/**
 * After each commit, puts the execution to sleep in the object store if all it waits for is far away
 * ({@link LongWaits}): how far, per pipeline, {@code after} says ({@code null}: that pipeline's executions never sleep).
 * Costs nothing for a transition that leaves work to do; a sleep costs a history read, an object write and a stub.
 */
public final class Hibernation {
    private static final System.Logger LOG = System.getLogger(Hibernation.class.getName());
    /** Never puts anything to sleep. */
    public static final Hibernation NONE = new Hibernation(null, p -> null);

    private final HibernatingStore store;
    private final Function<String, Duration> after;

    private Hibernation(HibernatingStore store, Function<String, Duration> after) {
        this.store = store;
        this.after = after;
    }

    /**
     * Sleep in {@code store}'s object store, a pipeline's executions once their waits are {@code after} away; none if
     * {@code store} is not a {@link HibernatingStore} ({@link HibernatingStore#over}).
     */
    public static Hibernation of(ExecutionStore store, Function<String, Duration> after) {
        Objects.requireNonNull(after, "after");
        return store instanceof HibernatingStore h ? new Hibernation(h, after) : NONE;
    }

    /** Whether the execution that {@code commit} took to {@code version} went to sleep. */
    public boolean afterCommit(Commit commit, long version, Transition t, Instant now) {
        if (store == null) {
            return false;
        }
        Duration wait = after.apply(commit.summary().pipeline());
        if (wait == null || !LongWaits.only(t, now, wait)) {
            return false;
        }
        try {
            return store.hibernate(commit.summary(), commit.state(), version);
        } catch (RuntimeException e) {
            // The commit stands; the execution only stays awake (in the store) until its next transition.
            LOG.log(System.Logger.Level.WARNING, "execution " + commit.executionId() + " stays awake: " + e.getMessage());
            return false;
        }
    }
}
