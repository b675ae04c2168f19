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
import java.util.function.UnaryOperator;

/** The {@link ExecutionStoreContract}'s cases for a store that keeps stubs of sleeping executions ({@link ExecutionStubs}). */
final class ExecutionStubCases {
    private final ExecutionStore store;
    private final ExecutionStubs stubs;
    private final String pipeline;
    private final Instant at;

    ExecutionStubCases(ExecutionStore store, String pipeline, Instant at) {
        this.store = store;
        this.stubs = (ExecutionStubs) store;
        this.pipeline = pipeline;
        this.at = at;
    }

    private CommitResult commit(String id, String status, long expected, String state, List<String> history, List<String> outbox) {
        ExecutionSummary s = new ExecutionSummary(id, pipeline, id.substring(id.indexOf(':') + 1), status, "sha256:abc", at,
                status.equals("RUNNING") ? null : at.plusSeconds(5));
        return store.commit(new Commit(s, state, history, outbox, expected, at));
    }

    void aStubReadsAsItsExecutionUntilRestoredOnce(String id) {
        commit(id, "RUNNING", 0, "{\"s\":1}", List.of("h1", "h2"), List.of());
        assertThat(stubs.stub(id, 1)).isTrue();
        StoredExecution stub = store.load(id).orElseThrow();
        assertThat(stub.stub()).isTrue();
        assertThat(stub.version()).isEqualTo(1);
        assertThat(stub.outbox()).isEmpty();
        assertThat(stub.summary().executionId()).isEqualTo(id);
        assertThat(stub.summary().status()).isEqualTo("RUNNING");
        assertThat(store.history(id, 0, 10)).isEmpty();
        assertThat(store.list(pipeline, "RUNNING", 10)).extracting(ExecutionSummary::executionId).contains(id);
        assertThat(commit(id, "RUNNING", 1, "{\"s\":2}", List.of("h3"), List.of())).as("a stub is restored before it changes")
                .isEqualTo(new CommitResult.Conflict(1));
        assertThat(stubs.stub(id, 1)).as("a stub already").isFalse();

        assertThat(stubs.restore(stub.summary(), 1, "{\"s\":1}", List.of("h1", "h2"))).isTrue();
        assertThat(stubs.restore(stub.summary(), 1, "{\"s\":1}", List.of("h1", "h2"))).as("the second waker finds no stub").isFalse();
        StoredExecution awake = store.load(id).orElseThrow();
        assertThat(awake.stub()).isFalse();
        assertThat(awake.state()).isEqualTo("{\"s\":1}");
        assertThat(store.history(id, 0, 10)).containsExactly("h1", "h2");
        assertThat(commit(id, "RUNNING", 1, "{\"s\":2}", List.of("h3"), List.of())).isEqualTo(new CommitResult.Committed(2));
        assertThat(store.history(id, 0, 10)).containsExactly("h1", "h2", "h3");
        assertThat(commit(id, "SUCCEEDED", 2, "{\"s\":3}", List.of("h4"), List.of())).isEqualTo(new CommitResult.Committed(3));
        assertThat(store.list(pipeline, "RUNNING", 10)).as("a woken execution's index entries move with its status")
                .extracting(ExecutionSummary::executionId).doesNotContain(id);
        assertThat(store.list(pipeline, "SUCCEEDED", 10)).extracting(ExecutionSummary::executionId).contains(id);
    }

    void onlyARunningQuietExecutionBecomesAStub(String unsent, String done, String absent) {
        commit(unsent, "RUNNING", 0, "s", List.of("h"), List.of("c1"));
        assertThat(stubs.stub(unsent, 1)).as("its outbox is not sent").isFalse();
        assertThat(stubs.stub(unsent, 2)).as("not at that version").isFalse();
        assertThat(stubs.stub(absent, 1)).isFalse();
        assertThat(stubs.restore(store.load(unsent).orElseThrow().summary(), 1, "x", List.of())).as("not a stub").isFalse();
        assertThat(store.load(unsent).orElseThrow().state()).isEqualTo("s");
        commit(done, "SUCCEEDED", 0, "d", List.of("h"), List.of());
        assertThat(stubs.stub(done, 1)).as("finished").isFalse();
        assertThat(store.history(done, 0, 10)).containsExactly("h");
    }

    /**
     * A sleeping execution is in every listing it was in awake, once, whatever the filter and the page size: a store may
     * keep it under fewer index entries (the Redis store lists it in its pipeline's RUNNING set only and reads that beside
     * the others).
     */
    void sleepersArePagedOnceEachUnderEveryFilter(UnaryOperator<String> id) {
        List<ExecutionSummary> expected = new ArrayList<>();
        for (int i = 0; i < 40; i++) { // pairs started in the same millisecond
            String executionId = id.apply("sl-" + (char) ('a' + i % 26) + i);
            String status = i % 4 == 3 ? "SUCCEEDED" : "RUNNING";
            ExecutionSummary s = new ExecutionSummary(executionId, pipeline, executionId.substring(executionId.indexOf(':') + 1),
                    status, "sha256:abc", at.plusMillis(i / 2), status.equals("RUNNING") ? null : at.plusSeconds(5));
            store.commit(new Commit(s, "s", List.of(), List.of(), 0, at));
            if (i % 4 == 0 || i % 4 == 1) {
                assertThat(stubs.stub(executionId, 1)).isTrue();
            }
            expected.add(s);
        }
        expected.sort(ExecutionCursor.ORDER);
        List<String> ids = expected.stream().map(ExecutionSummary::executionId).toList();
        List<String> running = expected.stream().filter(e -> e.status().equals("RUNNING")).map(ExecutionSummary::executionId).toList();
        for (int size : new int[] {1, 3, 7, 500}) {
            assertThat(pageIds(pipeline, null, size, ids)).as("by pipeline, pages of %d", size).containsExactlyElementsOf(ids);
            assertThat(pageIds(pipeline, "RUNNING", size, ids)).as("by pipeline and status, pages of %d", size)
                    .containsExactlyElementsOf(running);
            assertThat(pageIds(null, null, size, ids)).as("all, pages of %d", size).containsExactlyElementsOf(ids);
            assertThat(pageIds(null, "RUNNING", size, ids)).as("by status, pages of %d", size).containsExactlyElementsOf(running);
        }
        ExecutionSummary sleeper = expected.stream().filter(e -> e.executionId().endsWith("a0")).findFirst().orElseThrow();
        assertThat(stubs.restore(sleeper, 1, "s", List.of())).isTrue();
        assertThat(pageIds(pipeline, null, 4, ids)).as("woken, listed as before").containsExactlyElementsOf(ids);
        assertThat(pageIds(null, "RUNNING", 4, ids)).as("woken, by status").containsExactlyElementsOf(running);
        ExecutionSummary done = new ExecutionSummary(sleeper.executionId(), pipeline, sleeper.name(), "SUCCEEDED", "sha256:abc",
                sleeper.startTime(), at.plusSeconds(5));
        assertThat(store.commit(new Commit(done, "s", List.of(), List.of(), 1, at))).isEqualTo(new CommitResult.Committed(2));
        List<String> stillRunning = running.stream().filter(r -> !r.equals(sleeper.executionId())).toList();
        assertThat(pageIds(null, "RUNNING", 4, ids)).as("woken and finished, by status").containsExactlyElementsOf(stillRunning);
        assertThat(pageIds(pipeline, "RUNNING", 4, ids)).containsExactlyElementsOf(stillRunning);
        assertThat(pageIds(null, "SUCCEEDED", 4, ids)).contains(sleeper.executionId());
        assertThat(pageIds(null, null, 4, ids)).as("all, once each").containsExactlyElementsOf(ids);
    }

    /** The ids among {@code ours} of every page of a listing (other tests' executions may share the store). */
    private List<String> pageIds(String pipeline, String status, int size, List<String> ours) {
        return ListingPages.all(store, pipeline, status, size).stream().map(ExecutionSummary::executionId).filter(ours::contains).toList();
    }
}
