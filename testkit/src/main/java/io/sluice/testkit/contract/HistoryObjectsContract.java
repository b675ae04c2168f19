package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionStubs;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.HistoryObjects;
import io.sluice.orchestration.port.ObjectStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The cases of a store that keeps long history lines in the object store ({@link HistoryObjects}, issue 32): every
 * reader sees the lines themselves; the store keeps only short ones; an execution's removal takes its objects along,
 * and a removal cut short before it deleted them leaves them to the next reaper pass ({@link ExecutionStore#expired}).
 * Runs against a real store and a real object store; the threshold is 256 bytes.
 */
public abstract class HistoryObjectsContract {
    private static final Instant T0 = Instant.parse("2026-11-29T00:00:00Z");
    private static final int INLINE = 256;

    private ObjectStore objects;
    private ExecutionStore store;
    private String prefix;

    /** An empty object store of this test's own. */
    protected abstract ObjectStore createObjects();

    /** An execution store (isolated from other tests) not given an object store; it implements {@link HistoryObjects}. */
    protected abstract ExecutionStore createStore();

    /** What the store itself holds of the execution's history, line by line, as it holds it (references unresolved). */
    protected abstract List<String> storedLines(String executionId);

    @BeforeEach
    void setUp() {
        objects = createObjects();
        store = ((HistoryObjects) createStore()).keepingHistoryIn(objects);
        prefix = UUID.randomUUID().toString().substring(0, 8);
    }

    private static String line(String kind, int bytes) {
        return "{\"type\":\"" + kind + "\",\"payload\":\"" + "x".repeat(bytes) + "\"}";
    }

    private CommitResult commit(ExecutionStore to, String id, String status, long expected, List<String> history) {
        ExecutionSummary s = new ExecutionSummary(id, "p-" + prefix, id.substring(id.indexOf(':') + 1), status, "sha256:abc", T0,
                status.equals("RUNNING") ? null : T0.plusSeconds(5));
        return to.commit(new Commit(s, "{\"s\":" + expected + "}", history, List.of(), expected, T0,
                status.equals("RUNNING") ? null : T0.plusSeconds(10)));
    }

    private List<String> objectKeys() {
        return objects.list("", null, 1000).stream().map(ObjectStore.ObjectInfo::key).toList();
    }

    @Test
    void aLongLineRoundTripsAShortOneStaysInlineAndPagingResolves() {
        String id = prefix + ":round";
        String start = line("ExecutionStarted", 2000);
        String shortLine = line("PassStateEntered", 10);
        String longA = line("TaskSucceeded", 3000);
        String longB = line("TaskStateExited", 1000) + " é ✓";
        String at = "@not-a-reference#0";
        assertThat(commit(store, id, "RUNNING", 0, List.of(start))).isEqualTo(new CommitResult.Committed(1));
        assertThat(objectKeys()).as("a start keeps its lines inline").isEmpty();
        assertThat(commit(store, id, "RUNNING", 1, List.of(shortLine, longA, at, longB))).isEqualTo(new CommitResult.Committed(2));

        List<String> all = List.of(start, shortLine, longA, at, longB);
        assertThat(store.history(id, 0, 100)).containsExactlyElementsOf(all);
        assertThat(store.history(id, 2, 2)).containsExactly(longA, at);
        assertThat(store.history(id, 4, 10)).containsExactly(longB);
        assertThat(store.history(id)).containsExactlyElementsOf(all);
        assertThat(objectKeys()).as("one object per commit").hasSize(1);

        List<String> stored = storedLines(id);
        assertThat(stored).hasSize(5).contains(start, shortLine).doesNotContain(longA, longB);
        assertThat(stored.subList(2, 5)).allSatisfy(s -> assertThat(s.length()).isLessThanOrEqualTo(INLINE));
    }

    @Test
    void aRemovedExecutionLeavesNoObjectOrphansOfAConflictingCommitIncluded() {
        String id = prefix + ":removed";
        commit(store, id, "RUNNING", 0, List.of("started"));
        commit(store, id, "RUNNING", 1, List.of(line("TaskSucceeded", 1000)));
        assertThat(commit(store, id, "RUNNING", 1, List.of(line("Late", 1000)))).as("a conflicting writer")
                .isEqualTo(new CommitResult.Conflict(2));
        assertThat(commit(store, id, "SUCCEEDED", 2, List.of(line("ExecutionSucceeded", 1000)))).isEqualTo(new CommitResult.Committed(3));
        String other = prefix + ":stays";
        commit(store, other, "RUNNING", 0, List.of("started"));
        commit(store, other, "RUNNING", 1, List.of(line("TaskSucceeded", 1000)));
        assertThat(objectKeys()).hasSize(4);

        assertThat(store.remove(id, 3, Instant.now().plusSeconds(60))).isTrue();

        assertThat(objectKeys()).as("only the other execution's object is left").hasSize(1);
        assertThat(store.history(other, 0, 10)).containsExactly("started", line("TaskSucceeded", 1000));
    }

    @Test
    void aRemovalThatLeftItsObjectsBehindIsFinishedByTheNextReaperPass() {
        String id = prefix + ":cut-short";
        commit(store, id, "RUNNING", 0, List.of("started"));
        commit(store, id, "SUCCEEDED", 1, List.of(line("ExecutionSucceeded", 1000)));
        ExecutionStore withoutObjects = createStore(); // removes as a removal cut short after its Redis step would
        assertThat(withoutObjects.remove(id, 2, Instant.now().plusSeconds(60))).isTrue();
        assertThat(objectKeys()).hasSize(1);

        assertThat(store.expired(T0.plusSeconds(3600), 10)).isEmpty();

        assertThat(objectKeys()).as("the reaper's pass deleted them").isEmpty();
    }

    /** Starts {@code id} and commits a long line (returned) and {@code "short"}: version 2, history "started", it, "short". */
    private String runningWithALongLine(String id) {
        String longA = line("TaskSucceeded", 1500);
        commit(store, id, "RUNNING", 0, List.of("started"));
        commit(store, id, "RUNNING", 1, List.of(longA, "short"));
        return longA;
    }

    /** A sleep object written before the sleep kept the history as stored holds the lines themselves: they go back by reference. */
    @Test
    void aSleepingExecutionWakesWithItsHistoryWholeAndKeptByReference() {
        String id = prefix + ":sleeps";
        String longA = runningWithALongLine(id);
        List<String> history = store.history(id);
        ExecutionStubs stubs = (ExecutionStubs) store;
        assertThat(stubs.stub(id, 2)).isTrue();
        assertThat(stubs.restore(store.load(id).orElseThrow().summary(), 2, "{\"s\":2}", history)).isTrue();

        assertThat(store.history(id, 0, 10)).containsExactly("started", longA, "short");
        assertThat(storedLines(id)).doesNotContain(longA);
        assertThat(commit(store, id, "SUCCEEDED", 2, List.of(line("ExecutionSucceeded", 800)))).isEqualTo(new CommitResult.Committed(3));
        assertThat(store.remove(id, 3, Instant.now().plusSeconds(60))).isTrue();
        assertThat(objectKeys()).isEmpty();
    }

    /**
     * A sleep keeps the history as stored (ExecutionStubs.storedHistory): the wake puts it back with no object written
     * or read, and the long lines still resolve from the objects their commits wrote.
     */
    @Test
    void aSleepingExecutionWakesFromItsStoredHistoryWithoutTouchingItsObjects() {
        String id = prefix + ":stored";
        String longA = runningWithALongLine(id);
        ExecutionStubs stubs = (ExecutionStubs) store;
        List<String> stored = stubs.storedHistory(id);
        assertThat(stored).hasSize(3).doesNotContain(longA);
        assertThat(stubs.resolve(id, stored.subList(1, 2))).containsExactly(longA);
        List<String> before = objectKeys();

        assertThat(stubs.stub(id, 2)).isTrue();
        assertThat(stubs.restore(store.load(id).orElseThrow().summary(), 2, "{\"s\":2}", stored)).isTrue();

        assertThat(objectKeys()).as("no object written for the wake").isEqualTo(before);
        assertThat(storedLines(id)).isEqualTo(stored);
        assertThat(store.history(id, 0, 10)).containsExactly("started", longA, "short");
        assertThat(commit(store, id, "SUCCEEDED", 2, List.of("done"))).isEqualTo(new CommitResult.Committed(3));
        assertThat(store.remove(id, 3, Instant.now().plusSeconds(60))).isTrue();
        assertThat(objectKeys()).as("the removal still finds the objects the woken execution refers to").isEmpty();
    }

    @Test
    void manyLongLinesOfOneCommitAreOneObject() {
        String id = prefix + ":many";
        commit(store, id, "RUNNING", 0, List.of("started"));
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            lines.add(line("Item" + i, 300 + i));
        }
        commit(store, id, "RUNNING", 1, lines);
        assertThat(objectKeys()).hasSize(1);
        assertThat(store.history(id, 1, 100)).containsExactlyElementsOf(lines);
    }
}
