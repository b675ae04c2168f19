package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.RunState;
import io.sluice.orchestration.port.StatusRecord;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.orchestration.port.StatusStore.Upserted;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link StatusStore} passes this suite. Each test uses its own pipeline and execution ids. */
public abstract class StatusStoreContract {
    protected static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");

    private StatusStore store;
    private String pipeline;

    /** A store, isolated from other test classes (its own database or table). */
    protected abstract StatusStore createStore();

    @BeforeEach
    void setUp() {
        store = createStore();
        pipeline = "orders-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private StatusRecord running(String id, String partition, Instant started) {
        return new StatusRecord(id, pipeline, partition, RunState.RUNNING, 0, started, null, null, null, null, "sha256:c1", null);
    }

    private static StatusRecord finished(StatusRecord r, RunState state, Instant ended, long rowsIn, long rowsOut, String error) {
        return new StatusRecord(r.executionId(), r.pipeline(), r.partition(), state, r.redriveCount(), null, ended, rowsIn,
                rowsOut, error, null, "file:///logs/" + r.executionId());
    }

    private String id(String name) {
        return pipeline + ":" + name;
    }

    @Test
    void aRowIsWrittenAndReadBackWithEveryField() {
        StatusRecord row = new StatusRecord(id("a"), pipeline, "2026-11-29", RunState.FAILED, 2, T0, T0.plusSeconds(90),
                1200L, 1100L, "Warehouse.SchemaMismatch: extra columns [colour]", "sha256:abc", "https://logs.example/a");
        assertThat(store.upsert(row)).isEqualTo(new Upserted(row, true));
        assertThat(store.get(id("a"))).contains(row);
        assertThat(store.get(id("absent"))).isEmpty();
    }

    @Test
    void aFinalStateKeepsWhatRunningRecordedAndAddsItsOwn() {
        StatusRecord start = running(id("b"), "2026-11-29", T0);
        store.upsert(start);
        Upserted done = store.upsert(finished(start, RunState.SUCCEEDED, T0.plusSeconds(60), 10, 9, null));
        assertThat(done.applied()).isTrue();
        assertThat(done.row()).isEqualTo(new StatusRecord(id("b"), pipeline, "2026-11-29", RunState.SUCCEEDED, 0, T0,
                T0.plusSeconds(60), 10L, 9L, null, "sha256:c1", "file:///logs/" + id("b")));
        assertThat(store.get(id("b"))).contains(done.row());
    }

    @Test
    void aLateRunningNeverOverwritesAFinalState() {
        StatusRecord start = running(id("c"), "2026-11-29", T0);
        StatusRecord done = store.upsert(finished(start, RunState.SUCCEEDED, T0.plusSeconds(60), 10, 9, null)).row();
        Upserted late = store.upsert(running(id("c"), "2026-11-29", T0.plusSeconds(5)));
        assertThat(late).isEqualTo(new Upserted(done, false));
        assertThat(store.get(id("c"))).contains(done);
    }

    @Test
    void theFirstFinalStateStays() {
        StatusRecord start = running(id("d"), null, T0);
        StatusRecord failed = store.upsert(finished(start, RunState.FAILED, T0.plusSeconds(9), 1, 0, "Boom: it broke")).row();
        assertThat(store.upsert(finished(start, RunState.SUCCEEDED, T0.plusSeconds(60), 10, 9, null)).applied()).isFalse();
        assertThat(store.get(id("d"))).contains(failed);
    }

    @Test
    void repeatingAWriteLeavesTheSameRow() {
        StatusRecord start = running(id("e"), "2026-11-29", T0);
        StatusRecord once = store.upsert(start).row();
        assertThat(store.upsert(start).row()).isEqualTo(once);
        StatusRecord done = finished(start, RunState.SUCCEEDED, T0.plusSeconds(3), 5, 5, null);
        StatusRecord stored = store.upsert(done).row();
        assertThat(store.upsert(done)).isEqualTo(new Upserted(stored, false));
        assertThat(store.get(id("e"))).contains(stored);
    }

    @Test
    void runningUpdatesAddWhatTheyLearn() {
        StatusRecord start = running(id("f"), "2026-11-29", T0);
        store.upsert(start);
        StatusRecord progress = new StatusRecord(id("f"), pipeline, null, RunState.RUNNING, 0, null, null, 500L, null, null, null,
                "https://logs.example/f");
        assertThat(store.upsert(progress).row()).isEqualTo(new StatusRecord(id("f"), pipeline, "2026-11-29", RunState.RUNNING, 0,
                T0, null, 500L, null, null, "sha256:c1", "https://logs.example/f"));
    }

    @Test
    void aRedriveRunsAFinishedExecutionAgainAndOlderAttemptsStayBehind() {
        StatusRecord start = running(id("g"), "2026-11-29", T0);
        store.upsert(start);
        store.upsert(finished(start, RunState.FAILED, T0.plusSeconds(9), 1, 0, "Boom"));
        StatusRecord redrive = new StatusRecord(id("g"), pipeline, null, RunState.RUNNING, 1, null, null, null, null, null, null, null);
        assertThat(store.upsert(redrive).row().state()).isEqualTo(RunState.RUNNING);
        assertThat(store.upsert(finished(start, RunState.SUCCEEDED, T0.plusSeconds(99), 3, 3, null)).applied()).isFalse();
        StatusRecord after = finished(redrive, RunState.SUCCEEDED, T0.plusSeconds(200), 10, 10, null);
        assertThat(store.upsert(after).row()).satisfies(r -> {
            assertThat(r.state()).isEqualTo(RunState.SUCCEEDED);
            assertThat(r.redriveCount()).isEqualTo(1);
            assertThat(r.started()).isEqualTo(T0);
            assertThat(r.ended()).isEqualTo(T0.plusSeconds(200));
        });
    }

    @Test
    void findListsAPipelinesRunsNewestFirstByPartition() {
        store.upsert(running(id("old"), "2026-11-28", T0.minusSeconds(86_400)));
        store.upsert(running(id("new"), "2026-11-29", T0));
        store.upsert(running(id("newer"), "2026-11-29", T0.plusSeconds(60)));
        store.upsert(new StatusRecord(id("unstarted"), pipeline, "2026-11-29", RunState.ABORTED, 0, null, T0, null, null, null, null, null));
        store.upsert(new StatusRecord("other:" + id("x"), "other-" + pipeline, "2026-11-29", RunState.RUNNING, 0, T0, null,
                null, null, null, null, null));
        assertThat(store.find(pipeline, null, 10)).extracting(StatusRecord::executionId)
                .containsExactly(id("newer"), id("new"), id("old"), id("unstarted"));
        assertThat(store.find(pipeline, "2026-11-29", 10)).extracting(StatusRecord::executionId)
                .containsExactly(id("newer"), id("new"), id("unstarted"));
        assertThat(store.find(pipeline, "2026-11-29", 1)).extracting(StatusRecord::executionId).containsExactly(id("newer"));
        assertThat(store.find(pipeline, "2026-12-01", 10)).isEmpty();
    }

    @Test
    void tenThreadsWritingOneRunEndWithItsFinalStateOnce() throws Exception {
        StatusRecord start = running(id("race"), "2026-11-29", T0);
        StatusRecord done = finished(start, RunState.SUCCEEDED, T0.plusSeconds(60), 10, 9, null);
        AtomicInteger turn = new AtomicInteger();
        List<Upserted> results = Concurrently.run(10, () -> store.upsert(turn.getAndIncrement() % 2 == 0 ? start : done));
        List<Upserted> finals = new ArrayList<>(results.stream().filter(u -> u.applied() && u.row().state().terminal()).toList());
        assertThat(finals).hasSize(1);
        assertThat(store.get(id("race"))).contains(finals.getFirst().row());
        assertThat(finals.getFirst().row().ended()).isEqualTo(T0.plusSeconds(60));
        assertThat(store.find(pipeline, null, 10)).hasSize(1);
    }
}
