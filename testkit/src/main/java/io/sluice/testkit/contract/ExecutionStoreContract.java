package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.ExecutionCursor;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionStubs;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.StoredExecution;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link ExecutionStore} passes this suite; a subclass only supplies a store on a real server. */
public abstract class ExecutionStoreContract {
    protected static final Instant T0 = Instant.parse("2026-11-29T00:00:00Z");

    private ExecutionStore store;
    private String prefix;

    /** A store, isolated from other tests (its own key prefix or database). */
    protected abstract ExecutionStore createStore();

    @BeforeEach
    void setUp() {
        store = createStore();
        prefix = UUID.randomUUID().toString().substring(0, 8);
    }

    private String id(String name) {
        return prefix + ":" + name;
    }

    private static ExecutionSummary summary(String id, String pipeline, String status, Instant start) {
        return new ExecutionSummary(id, pipeline, id.substring(id.indexOf(':') + 1), status, "sha256:abc", start,
                status.equals("RUNNING") ? null : start.plusSeconds(5));
    }

    private CommitResult commit(String id, long expected, String state, List<String> history, List<String> outbox) {
        return store.commit(new Commit(summary(id, "p-" + prefix, "RUNNING", T0), state, history, outbox, expected, T0));
    }

    @Test
    void createThenLoadReturnsStateOutboxAndVersionOne() {
        String id = id("a");
        assertThat(commit(id, 0, "{\"s\":1}", List.of("h1"), List.of("c1", "c2"))).isEqualTo(new CommitResult.Committed(1));
        StoredExecution loaded = store.load(id).orElseThrow();
        assertThat(loaded.version()).isEqualTo(1);
        assertThat(loaded.state()).isEqualTo("{\"s\":1}");
        assertThat(loaded.outbox()).containsExactly("c1", "c2");
        assertThat(loaded.summary().executionId()).isEqualTo(id);
        assertThat(loaded.summary().startTime()).isEqualTo(T0);
        assertThat(store.load(id("absent"))).isEmpty();
    }

    @Test
    void creatingAnExistingExecutionConflicts() {
        String id = id("dup");
        commit(id, 0, "{}", List.of(), List.of());
        assertThat(commit(id, 0, "{\"other\":true}", List.of(), List.of())).isEqualTo(new CommitResult.Conflict(1));
        assertThat(store.load(id).orElseThrow().state()).isEqualTo("{}");
    }

    @Test
    void aCommitFromAStaleVersionConflictsAndChangesNothing() {
        String id = id("cas");
        commit(id, 0, "v1", List.of("h1"), List.of());
        assertThat(commit(id, 1, "v2", List.of("h2"), List.of("out"))).isEqualTo(new CommitResult.Committed(2));
        assertThat(commit(id, 1, "stale", List.of("h-stale"), List.of("x"))).isEqualTo(new CommitResult.Conflict(2));
        StoredExecution loaded = store.load(id).orElseThrow();
        assertThat(loaded.state()).isEqualTo("v2");
        assertThat(loaded.outbox()).containsExactly("out");
        assertThat(store.history(id, 0, 100)).containsExactly("h1", "h2");
    }

    @Test
    void historyAppendsInOrderAndPages() {
        String id = id("hist");
        commit(id, 0, "s", List.of("a", "b"), List.of());
        commit(id, 1, "s", List.of("c"), List.of());
        commit(id, 2, "s", List.of(), List.of());
        commit(id, 3, "s", List.of("d", "e"), List.of());
        assertThat(store.history(id, 0, 100)).containsExactly("a", "b", "c", "d", "e");
        assertThat(store.history(id, 1, 2)).containsExactly("b", "c");
        assertThat(store.history(id, 5, 10)).isEmpty();
        assertThat(store.history(id("none"), 0, 10)).isEmpty();
    }

    @Test
    void theOutboxIsClearedOnlyAtTheVersionThatWroteIt() {
        String id = id("outbox");
        commit(id, 0, "s", List.of(), List.of("send-1"));
        commit(id, 1, "s", List.of(), List.of("send-2"));
        assertThat(store.clearOutbox(id, 1)).isFalse();
        assertThat(store.load(id).orElseThrow().outbox()).containsExactly("send-2");
        assertThat(store.clearOutbox(id, 2)).isTrue();
        StoredExecution loaded = store.load(id).orElseThrow();
        assertThat(loaded.outbox()).isEmpty();
        assertThat(loaded.version()).isEqualTo(2);
        assertThat(loaded.state()).isEqualTo("s");
    }

    @Test
    void pendingOutboxesListsUnclearedOnesCommittedBeforeTheCutoff() {
        String sent = id("sent");
        String stuck = id("stuck");
        String empty = id("empty");
        store.commit(new Commit(summary(sent, "p", "RUNNING", T0), "s", List.of(), List.of("x"), 0, T0));
        store.commit(new Commit(summary(stuck, "p", "RUNNING", T0), "s", List.of(), List.of("y"), 0, T0.plusSeconds(1)));
        store.commit(new Commit(summary(empty, "p", "RUNNING", T0), "s", List.of(), List.of(), 0, T0));
        store.clearOutbox(sent, 1);
        List<String> pending = store.pendingOutboxes(T0.plusSeconds(10), 1000);
        assertThat(pending).contains(stuck).doesNotContain(sent, empty);
        assertThat(store.pendingOutboxes(T0, 1000)).doesNotContain(stuck);
    }

    @Test
    void listFiltersByPipelineAndStatusNewestFirst() {
        String pipeline = "list-" + prefix;
        for (int i = 0; i < 3; i++) {
            String id = id("l" + i);
            store.commit(new Commit(summary(id, pipeline, "RUNNING", T0.plusSeconds(i)), "s", List.of(), List.of(), 0, T0));
        }
        String done = id("l1");
        store.commit(new Commit(summary(done, pipeline, "SUCCEEDED", T0.plusSeconds(1)), "s", List.of(), List.of(), 1, T0));
        assertThat(store.list(pipeline, null, 10)).extracting(ExecutionSummary::executionId).containsExactly(id("l2"), id("l1"), id("l0"));
        assertThat(store.list(pipeline, "RUNNING", 10)).extracting(ExecutionSummary::executionId).containsExactly(id("l2"), id("l0"));
        assertThat(store.list(pipeline, "SUCCEEDED", 10)).singleElement().satisfies(s -> {
            assertThat(s.executionId()).isEqualTo(done);
            assertThat(s.stopTime()).isEqualTo(T0.plusSeconds(6));
        });
        assertThat(store.list(pipeline, null, 1)).hasSize(1);
        assertThat(store.list("other-" + prefix, null, 10)).isEmpty();
    }

    @Test
    void aConflictingCommitLeavesNoTraceInAnyRead() {
        String pipeline = "p-" + prefix;
        String id = id("raced");
        store.commit(new Commit(summary(id, pipeline, "RUNNING", T0), "s", List.of(), List.of(), 0, T0));
        store.commit(new Commit(summary(id, pipeline, "RUNNING", T0), "s2", List.of(), List.of(), 1, T0));

        CommitResult lost = store.commit(new Commit(summary(id, pipeline, "SUCCEEDED", T0), "done", List.of("succeeded"),
                List.of("finished-event"), 1, T0, T0.plusSeconds(10)));

        assertThat(lost).isEqualTo(new CommitResult.Conflict(2));
        assertThat(store.list(pipeline, "SUCCEEDED", 10)).as("not listed under the status it did not reach").isEmpty();
        assertThat(store.list(null, "SUCCEEDED", 1000)).extracting(ExecutionSummary::executionId).doesNotContain(id);
        assertThat(store.list(pipeline, null, 10)).singleElement().satisfies(s -> assertThat(s.status()).isEqualTo("RUNNING"));
        assertThat(store.list(pipeline, "RUNNING", 10)).extracting(ExecutionSummary::executionId).containsExactly(id);
        assertThat(store.pendingOutboxes(T0.plusSeconds(60), 1000)).as("its outbox was not written").doesNotContain(id);
        assertThat(store.expired(T0.plusSeconds(60), 1000)).as("it did not finish").doesNotContain(id);
        assertThat(store.load(id)).hasValueSatisfying(e -> {
            assertThat(e.version()).isEqualTo(2);
            assertThat(e.outbox()).isEmpty();
        });
    }

    @Test
    void anExecutionThatChangesStatusMovesBetweenTheStatusListings() {
        String pipeline = "p-" + prefix;
        String id = id("mover");
        store.commit(new Commit(summary(id, pipeline, "RUNNING", T0), "s", List.of(), List.of("a"), 0, T0));
        store.commit(new Commit(summary(id, pipeline, "FAILED", T0), "f", List.of(), List.of(), 1, T0.plusSeconds(1), T0.plusSeconds(10)));
        assertThat(store.list(pipeline, "RUNNING", 10)).isEmpty();
        assertThat(store.list(pipeline, "FAILED", 10)).extracting(ExecutionSummary::executionId).containsExactly(id);
        assertThat(store.pendingOutboxes(T0.plusSeconds(60), 1000)).as("the later commit wrote no outbox").doesNotContain(id);
        assertThat(store.expired(T0.plusSeconds(60), 1000)).contains(id);

        store.commit(new Commit(summary(id, pipeline, "RUNNING", T0), "redriven", List.of(), List.of("b"), 2, T0.plusSeconds(2)));
        assertThat(store.list(pipeline, "FAILED", 10)).isEmpty();
        assertThat(store.list(pipeline, "RUNNING", 10)).extracting(ExecutionSummary::executionId).containsExactly(id);
        assertThat(store.list(pipeline, null, 10)).extracting(ExecutionSummary::executionId).containsExactly(id);
        assertThat(store.pendingOutboxes(T0.plusSeconds(60), 1000)).contains(id);
        assertThat(store.expired(T0.plusSeconds(60), 1000)).doesNotContain(id);
    }

    @Test
    void tenThreadsIncrementingOneExecutionLoseNoUpdate() throws Exception {
        String id = id("race");
        commit(id, 0, "0", List.of(), List.of());
        Concurrently.run(10, () -> {
            int lost = 0;
            for (int done = 0; done < 10; ) {
                StoredExecution current = store.load(id).orElseThrow();
                int next = Integer.parseInt(current.state()) + 1;
                CommitResult r = store.commit(new Commit(current.summary(), String.valueOf(next), List.of("+" + next),
                        List.of(), current.version(), T0));
                if (r instanceof CommitResult.Committed) {
                    done++;
                } else {
                    lost++;
                }
            }
            return lost;
        });
        StoredExecution end = store.load(id).orElseThrow();
        assertThat(end.state()).isEqualTo("100");
        assertThat(end.version()).isEqualTo(101);
        List<String> history = store.history(id, 0, 1000);
        assertThat(history).hasSize(100).doesNotHaveDuplicates();
    }

    private static final Instant FAR = Instant.parse("2126-01-01T00:00:00Z");

    private void finish(String id, String pipeline, Instant retainUntil) {
        store.commit(new Commit(summary(id, pipeline, "RUNNING", T0), "s", List.of("started"), List.of(), 0, T0));
        store.commit(new Commit(summary(id, pipeline, "SUCCEEDED", T0), "done", List.of("succeeded"), List.of(), 1, T0, retainUntil));
    }

    @Test
    void expiredListsFinishedExecutionsPastTheirDeadlineOldestFirst() {
        String pipeline = "p-" + prefix;
        finish(id("late"), pipeline, T0.plusSeconds(30));
        finish(id("early"), pipeline, T0.plusSeconds(10));
        finish(id("kept"), pipeline, null);
        finish(id("future"), pipeline, T0.plusSeconds(3600));
        store.commit(new Commit(summary(id("running"), pipeline, "RUNNING", T0), "s", List.of(), List.of(), 0, T0));

        assertThat(store.expired(T0.plusSeconds(60), 100)).containsExactly(id("early"), id("late"));
        assertThat(store.expired(T0.plusSeconds(60), 1)).containsExactly(id("early"));
        assertThat(store.expired(T0.plusSeconds(5), 100)).isEmpty();
    }

    @Test
    void aRemovedExecutionIsGoneFromEveryReadButItsNameStaysTaken() {
        String pipeline = "p-" + prefix;
        String id = id("old");
        finish(id, pipeline, T0.plusSeconds(10));

        assertThat(store.remove(id, 2, FAR)).isTrue();

        assertThat(store.load(id)).isEmpty();
        assertThat(store.history(id, 0, 10)).isEmpty();
        assertThat(store.list(pipeline, null, 10)).extracting(ExecutionSummary::executionId).doesNotContain(id);
        assertThat(store.list(pipeline, "SUCCEEDED", 10)).isEmpty();
        assertThat(store.expired(T0.plusSeconds(60), 100)).doesNotContain(id);
        assertThat(store.retired(id)).hasValueSatisfying(s -> {
            assertThat(s.status()).isEqualTo("SUCCEEDED");
            assertThat(s.pipeline()).isEqualTo(pipeline);
            assertThat(s.startTime()).isEqualTo(T0);
        });
        assertThat(store.commit(new Commit(summary(id, pipeline, "RUNNING", T0), "again", List.of(), List.of(), 0, T0)))
                .as("a retired name is not reused").isInstanceOf(CommitResult.Conflict.class);
        assertThat(store.remove(id, 2, FAR)).as("removed once").isFalse();
        assertThat(store.retired(id("never"))).isEmpty();
    }

    @Test
    void removeKeepsAnExecutionThatMovedOnRunsOrHasAnUnsentOutbox() {
        String pipeline = "p-" + prefix;
        String moved = id("moved");
        finish(moved, pipeline, T0.plusSeconds(10));
        // a redrive: RUNNING again, without a deadline
        store.commit(new Commit(summary(moved, pipeline, "RUNNING", T0), "redriven", List.of(), List.of(), 2, T0));
        assertThat(store.remove(moved, 2, FAR)).as("stale version").isFalse();
        assertThat(store.remove(moved, 3, FAR)).as("running").isFalse();
        assertThat(store.expired(T0.plusSeconds(60), 100)).as("a redrive leaves the expiry list").doesNotContain(moved);

        String unsent = id("unsent");
        store.commit(new Commit(summary(unsent, pipeline, "RUNNING", T0), "s", List.of(), List.of(), 0, T0));
        store.commit(new Commit(summary(unsent, pipeline, "FAILED", T0), "f", List.of(), List.of("finished-event"), 1, T0,
                T0.plusSeconds(10)));
        assertThat(store.remove(unsent, 2, FAR)).as("its completion event is not sent yet").isFalse();
        assertThat(store.clearOutbox(unsent, 2)).isTrue();
        assertThat(store.remove(unsent, 2, FAR)).isTrue();
        assertThat(store.load(moved)).isPresent();
    }

    @Test
    void aStubKeepsSummaryVersionAndListingRefusesCommitsAndIsRestoredOnce() {
        org.junit.jupiter.api.Assumptions.assumeTrue(store instanceof ExecutionStubs, "this store keeps no stubs");
        new ExecutionStubCases(store, "p-" + prefix, T0).aStubReadsAsItsExecutionUntilRestoredOnce(id("sleeper"));
    }

    @Test
    void onlyARunningExecutionAtItsVersionWithItsOutboxSentBecomesAStub() {
        org.junit.jupiter.api.Assumptions.assumeTrue(store instanceof ExecutionStubs, "this store keeps no stubs");
        new ExecutionStubCases(store, "p-" + prefix, T0).onlyARunningQuietExecutionBecomesAStub(id("unsent-stub"), id("done-stub"),
                id("absent"));
    }

    /** A sleeping execution is in every listing it was in awake, once, whatever the filter and the page size. */
    @Test
    void sleepersArePagedOnceEachUnderEveryFilter() {
        org.junit.jupiter.api.Assumptions.assumeTrue(store instanceof ExecutionStubs, "this store keeps no stubs");
        new ExecutionStubCases(store, "sleep-" + prefix, T0).sleepersArePagedOnceEachUnderEveryFilter(this::id);
    }

    private List<ExecutionSummary> allPages(String pipeline, String status, int size) {
        return ListingPages.all(store, pipeline, status, size);
    }

    @Test
    void pagesByCursorReadEveryExecutionOnceInOrderWithTiesOnTheStartTime() {
        String pipeline = "page-" + prefix;
        List<ExecutionSummary> expected = new ArrayList<>();
        for (int i = 0; i < 130; i++) { // groups of five started in the same millisecond, and a sub-millisecond one
            String id = id("pg-" + (char) ('a' + i % 26) + i);
            Instant start = T0.plusMillis(i / 5).plusNanos(i % 5 == 4 ? 300_000 : 0);
            String status = i % 3 == 0 ? "SUCCEEDED" : "RUNNING";
            ExecutionSummary s = summary(id, pipeline, status, start);
            store.commit(new Commit(s, "s", List.of(), List.of(), 0, T0));
            expected.add(s);
        }
        expected.sort(ExecutionCursor.ORDER);
        for (int size : new int[] {1, 7, 50, 500}) {
            assertThat(allPages(pipeline, null, size)).as("pages of %d", size).extracting(ExecutionSummary::executionId)
                    .containsExactlyElementsOf(expected.stream().map(ExecutionSummary::executionId).toList());
        }
        assertThat(allPages(pipeline, "SUCCEEDED", 9)).extracting(ExecutionSummary::executionId).containsExactlyElementsOf(
                expected.stream().filter(e -> e.status().equals("SUCCEEDED")).map(ExecutionSummary::executionId).toList());
        assertThat(allPages(null, "RUNNING", 40)).extracting(ExecutionSummary::executionId).containsAll(
                expected.stream().filter(e -> e.status().equals("RUNNING")).map(ExecutionSummary::executionId).toList());
        ExecutionSummary middle = expected.get(64);
        assertThat(store.list(pipeline, null, ExecutionCursor.after(middle), 3)).as("from a cursor")
                .containsExactlyElementsOf(expected.subList(65, 68));
    }

    @Test
    void theSummaryKeepsThePartitionItWasStartedFor() {
        String pipeline = "part-" + prefix;
        String id = id("part");
        ExecutionSummary s = summary(id, pipeline, "RUNNING", T0);
        ExecutionSummary withPartition = new ExecutionSummary(id, pipeline, s.name(), "RUNNING", s.definitionHash(), T0, null, "2026-11-29");
        store.commit(new Commit(withPartition, "s", List.of(), List.of(), 0, T0));
        store.commit(new Commit(summary(id("none"), pipeline, "RUNNING", T0), "s", List.of(), List.of(), 0, T0));
        assertThat(store.list(pipeline, null, 10)).extracting(ExecutionSummary::partition).containsExactlyInAnyOrder("2026-11-29", null);
        assertThat(store.load(id).orElseThrow().summary()).isEqualTo(withPartition);
        ExecutionSummary done = new ExecutionSummary(id, pipeline, s.name(), "SUCCEEDED", s.definitionHash(), T0, T0.plusSeconds(1),
                "2026-11-29");
        store.commit(new Commit(done, "s", List.of(), List.of(), 1, T0));
        assertThat(store.remove(id, 2, FAR)).isTrue();
        assertThat(store.retired(id)).contains(done);
    }

    /**
     * Pages read while other threads start executions: every execution there was before the first page is read exactly
     * once, and no execution twice (the new ones start later, so they come before the cursor).
     */
    @Test
    void pagingWhileExecutionsStartShowsEachOlderOneOnceAndNoneTwice() throws Exception {
        String pipeline = "race-" + prefix;
        List<ExecutionSummary> before = new ArrayList<>();
        for (int i = 0; i < 150; i++) {
            ExecutionSummary s = summary(id("old-" + i), pipeline, "RUNNING", T0.plusMillis(i / 2));
            store.commit(new Commit(s, "s", List.of(), List.of(), 0, T0));
            before.add(s);
        }
        before.sort(ExecutionCursor.ORDER);
        List<String> older = before.stream().map(ExecutionSummary::executionId).toList();
        java.util.concurrent.ExecutorService starters = java.util.concurrent.Executors.newFixedThreadPool(4);
        java.util.concurrent.atomic.AtomicBoolean paging = new java.util.concurrent.atomic.AtomicBoolean(true);
        java.util.concurrent.atomic.AtomicInteger started = new java.util.concurrent.atomic.AtomicInteger();
        List<java.util.concurrent.Future<?>> done = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int thread = t;
            done.add(starters.submit(() -> {
                for (int i = 0; i < 200 && (paging.get() || i < 5); i++) {
                    String id = id("new-" + thread + "-" + i);
                    store.commit(new Commit(summary(id, pipeline, "RUNNING", T0.plusSeconds(60).plusMillis(i)), "s", List.of(), List.of(), 0, T0));
                    started.incrementAndGet();
                }
            }));
        }
        try {
            List<String> seen = new ArrayList<>();
            ExecutionCursor after = null;
            for (int pages = 0; ; pages++) {
                assertThat(pages).as("the listing ends").isLessThan(1000);
                List<ExecutionSummary> page = store.list(pipeline, null, after, 8);
                if (page.isEmpty()) {
                    break;
                }
                page.forEach(e -> seen.add(e.executionId()));
                after = ExecutionCursor.after(page.getLast());
            }
            paging.set(false);
            for (java.util.concurrent.Future<?> f : done) {
                f.get();
            }
            assertThat(seen).as("no execution twice").doesNotHaveDuplicates();
            assertThat(seen.stream().filter(older::contains).toList()).as("every older one, in order").containsExactlyElementsOf(older);
            assertThat(started.get()).as("executions were started meanwhile").isPositive();
        } finally {
            paging.set(false);
            starters.shutdown();
        }
    }
}
