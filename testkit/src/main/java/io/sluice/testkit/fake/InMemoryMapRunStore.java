package io.sluice.testkit.fake;

import io.sluice.orchestration.port.MapRunStore;
import java.time.Instant;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** Map runs in memory; passes the {@code MapRunStoreContract}. Expiry is not kept (nothing here reads a clock). */
public final class InMemoryMapRunStore implements MapRunStore {
    private static final class Run {
        String record;
        long version;
        final BitSet ended = new BitSet();
        long succeeded;
        long failed;
        final TreeMap<Long, String> outcomes = new TreeMap<>();
    }

    private final Map<String, Run> runs = new HashMap<>();

    @Override
    public synchronized Versioned create(String runId, String record, Instant expiresAt) {
        Run run = runs.get(runId);
        if (run == null || run.record == null) {
            run = runs.computeIfAbsent(runId, id -> new Run());
            run.record = record;
            run.version = 1;
        }
        return new Versioned(run.record, run.version);
    }

    @Override
    public synchronized Optional<Versioned> load(String runId) {
        Run run = runs.get(runId);
        return run == null || run.record == null ? Optional.empty() : Optional.of(new Versioned(run.record, run.version));
    }

    @Override
    public synchronized boolean update(String runId, long expectedVersion, String record) {
        Run run = runs.get(runId);
        if (run == null || run.record == null || run.version != expectedVersion) {
            return false;
        }
        run.record = record;
        run.version++;
        return true;
    }

    @Override
    public synchronized Finish finish(String runId, long index, boolean succeeded, String outcome) {
        Run run = runs.computeIfAbsent(runId, id -> new Run());
        int bit = Math.toIntExact(index);
        boolean recorded = !run.ended.get(bit);
        if (recorded) {
            run.ended.set(bit);
            if (succeeded) run.succeeded++;
            else run.failed++;
            if (outcome != null) run.outcomes.put(index, outcome);
        }
        return new Finish(recorded, new Counts(run.succeeded, run.failed));
    }

    @Override
    public synchronized Counts counts(String runId) {
        Run run = runs.get(runId);
        return run == null ? new Counts(0, 0) : new Counts(run.succeeded, run.failed);
    }

    @Override
    public synchronized BitSet ended(String runId, long from, long to) {
        Run run = runs.get(runId);
        return run == null ? new BitSet() : run.ended.get(Math.toIntExact(from), Math.toIntExact(Math.max(from, to)));
    }

    @Override
    public synchronized Map<Long, String> outcomes(String runId, long from, long to) {
        Run run = runs.get(runId);
        return run == null ? Map.of() : Map.copyOf(run.outcomes.subMap(from, Math.max(from, to)));
    }

    @Override
    public synchronized void delete(String runId) {
        runs.remove(runId);
    }
}
