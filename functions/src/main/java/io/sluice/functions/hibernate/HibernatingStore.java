package io.sluice.functions.hibernate;

import io.sluice.functions.retention.ArchivedExecution;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.CoupledWrites;
import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionStubs;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.StoredExecution;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An execution store whose waiting executions may sleep in the object store ({@link #hibernate}): a sleeping one loads,
 * lists and shows its history as the others do (one object read), and {@link #loadForChange} wakes it, putting its state
 * and history back in the store with a version check, so two wakers racing apply once: the loser finds no stub and
 * loads the woken execution. Everything else goes straight to the store.
 */
public final class HibernatingStore implements ExecutionStore, CoupledWrites.Source {
    /** Where in the object store sleeping executions lie (one object each, under this key prefix). */
    public static final String PREFIX = SleepingObjects.PREFIX;
    /** How often a read follows a sleeping execution that is being woken or put back to sleep meanwhile. */
    private static final int ATTEMPTS = 8;

    /** How old an object its execution is not a stub of must be before the sweep deletes it ({@link SleepSweep}). */
    public static final java.time.Duration ORPHAN_GRACE = java.time.Duration.ofMinutes(10);
    /** How often the sweep reads a page of sleep objects. */
    public static final java.time.Duration SWEEP_EVERY = java.time.Duration.ofMinutes(1);

    private final ExecutionStore store;
    private final ExecutionStubs stubs;
    private final SleepingObjects objects;
    private final SleepSweep sweep;
    private final Runnable afterObject;
    private final Runnable afterWake;

    private HibernatingStore(ExecutionStore store, ExecutionStubs stubs, ObjectStore objects) {
        this(store, stubs, new SleepingObjects(objects), new SleepSweep(store, objects, ORPHAN_GRACE, SWEEP_EVERY, 200), () -> { }, () -> { });
    }

    private HibernatingStore(ExecutionStore store, ExecutionStubs stubs, SleepingObjects objects, SleepSweep sweep, Runnable afterObject,
                             Runnable afterWake) {
        this.store = store;
        this.stubs = stubs;
        this.objects = objects;
        this.sweep = sweep;
        this.afterObject = afterObject;
        this.afterWake = afterWake;
    }

    /**
     * This store, running {@code afterObject} when a sleep has written its object but not its stub, and {@code afterWake}
     * when a wake has put the execution back but not deleted its object: the crash tests' boundaries (the runtime passes
     * its probe's {@code AFTER_SLEEP_OBJECT_BEFORE_STUB} and {@code AFTER_WAKE_BEFORE_DELETE}).
     */
    public HibernatingStore withProbes(Runnable afterObject, Runnable afterWake) {
        return new HibernatingStore(store, stubs, objects, sweep, Objects.requireNonNull(afterObject, "afterObject"),
                Objects.requireNonNull(afterWake, "afterWake"));
    }

    /**
     * Deletes sleep objects a crash left behind ({@link SleepSweep}): a page of them at most once a minute; returns how
     * many it deleted. The tick's sweep calls it.
     */
    public int sweepOrphans(Instant now) {
        SleepSweep.Report r = sweep.sweep(now);
        return r == null ? 0 : r.deleted();
    }

    /** {@code store}, its waiting executions sleeping in {@code objects}; {@code store} itself if it cannot keep stubs. */
    public static ExecutionStore over(ExecutionStore store, ObjectStore objects) {
        Objects.requireNonNull(objects, "objects");
        if (store instanceof HibernatingStore || !(store instanceof ExecutionStubs stubs)) {
            return store;
        }
        return new HibernatingStore(store, stubs, objects);
    }

    /**
     * Puts the execution to sleep: its {@code state} at {@code version} (what was just committed) and its whole history
     * go to the object store, then the store keeps a stub, if the execution is still at {@code version} with its outbox
     * sent. Returns whether it sleeps; if not, the object is deleted again.
     */
    public boolean hibernate(ExecutionSummary summary, String state, long version) {
        List<String> history = stubs.storedHistory(summary.executionId()); // long lines stay references to their objects
        objects.put(new ArchivedExecution(summary, version, state, history));
        afterObject.run();
        if (stubs.stub(summary.executionId(), version)) {
            return true;
        }
        objects.delete(summary, version);
        return false;
    }

    @Override
    public Optional<StoredExecution> load(String executionId) {
        return read(executionId, false);
    }

    @Override
    public Optional<StoredExecution> loadForChange(String executionId) {
        return read(executionId, true);
    }

    /** Wakes the execution from a stub just read: a wake reads the store once fewer (a stub no longer current is read again). */
    @Override
    public Optional<StoredExecution> loadForChange(StoredExecution justRead) {
        return read(justRead.summary().executionId(), Optional.of(justRead), true);
    }

    /**
     * The execution, a sleeping one from its object; {@code wake}: put back in the store first. A stub that someone else
     * woke (or put back to sleep) meanwhile is loaded again.
     */
    private Optional<StoredExecution> read(String executionId, boolean wake) {
        return read(executionId, Optional.empty(), wake);
    }

    private Optional<StoredExecution> read(String executionId, Optional<StoredExecution> justRead, boolean wake) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Optional<StoredExecution> loaded = attempt == 0 && justRead.isPresent() ? justRead : store.load(executionId);
            if (loaded.isEmpty() || !loaded.get().stub()) {
                return loaded;
            }
            StoredExecution stub = loaded.get();
            Optional<ArchivedExecution> asleep = objects.get(stub.summary(), stub.version());
            if (asleep.isPresent() && !wake) {
                return Optional.of(awake(stub, asleep.get()).readAsleep());
            }
            if (asleep.isPresent() && stubs.restore(stub.summary(), stub.version(), asleep.get().state(), asleep.get().history())) {
                afterWake.run();
                objects.delete(stub.summary(), stub.version());
                return Optional.of(awake(stub, asleep.get()));
            }
        }
        throw missing(executionId);
    }

    private static StoredExecution awake(StoredExecution stub, ArchivedExecution asleep) {
        return new StoredExecution(stub.summary(), asleep.state(), List.of(), stub.version());
    }

    private static IllegalStateException missing(String executionId) {
        return new IllegalStateException("execution " + executionId + " is asleep, but its object in the object store ("
                + SleepingObjects.PREFIX + "...) is missing or keeps changing");
    }

    @Override
    public List<String> history(String executionId, int fromIndex, int limit) {
        List<String> lines = store.history(executionId, fromIndex, limit);
        if (!lines.isEmpty()) {
            return lines;
        }
        Optional<StoredExecution> loaded = store.load(executionId);
        if (loaded.isEmpty() || !loaded.get().stub()) {
            return lines;
        }
        Optional<ArchivedExecution> asleep = objects.get(loaded.get().summary(), loaded.get().version());
        if (asleep.isEmpty()) {
            return store.history(executionId, fromIndex, limit); // woken meanwhile
        }
        List<String> all = asleep.get().history(); // as stored: the page's long lines read from their objects
        return fromIndex >= all.size() ? List.of()
                : stubs.resolve(executionId, List.copyOf(all.subList(fromIndex, Math.min(all.size(), fromIndex + limit))));
    }

    @Override
    public CommitResult commit(Commit commit) {
        return store.commit(commit);
    }

    @Override
    public boolean clearOutbox(String executionId, long version) {
        return store.clearOutbox(executionId, version);
    }

    @Override
    public List<String> pendingOutboxes(Instant committedBefore, int limit) {
        return store.pendingOutboxes(committedBefore, limit);
    }

    @Override
    public List<ExecutionSummary> list(String pipeline, String status, ExecutionCursor after, int limit) {
        return store.list(pipeline, status, after, limit);
    }

    @Override
    public List<String> expired(Instant now, int limit) {
        return store.expired(now, limit);
    }

    @Override
    public boolean remove(String executionId, long version, Instant nameReservedUntil) {
        return store.remove(executionId, version, nameReservedUntil);
    }

    @Override
    public Optional<ExecutionSummary> retired(String executionId) {
        return store.retired(executionId);
    }

    @Override
    public Optional<CoupledWrites> coupledWith(IdempotencyStore claims, TaskQueue queue) {
        return store instanceof CoupledWrites.Source s ? s.coupledWith(claims, queue) : Optional.empty();
    }
}
