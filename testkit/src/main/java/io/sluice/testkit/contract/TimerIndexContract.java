package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.TimerIndex;
import io.sluice.orchestration.port.TimerIndex.DueTimer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link TimerIndex} passes this suite. Time is passed in; each test uses its own far-off time window. */
public abstract class TimerIndexContract {
    private static final Duration LEASE = Duration.ofSeconds(30);

    private TimerIndex timers;
    private String prefix;
    private Instant t0;

    /** An index isolated from other tests' timers (its own key prefix or namespace). */
    protected abstract TimerIndex createIndex();

    @BeforeEach
    void setUp() {
        timers = createIndex();
        prefix = "t-" + UUID.randomUUID() + ":";
        // Timers of other tests (on a shared server) must not fall in this test's window.
        t0 = Instant.parse("2100-01-01T00:00:00Z").plusSeconds((long) (Math.random() * 1_000_000_000L));
    }

    private List<String> ids(List<DueTimer> due) {
        return due.stream().map(DueTimer::timerId).filter(id -> id.startsWith(prefix)).toList();
    }

    @Test
    void timersComeDueInOrderWithTheirPayload() {
        timers.schedule(prefix + "b", t0.plusSeconds(20), "{\"b\":1}");
        timers.schedule(prefix + "a", t0.plusSeconds(10), "{\"a\":1}");
        timers.schedule(prefix + "later", t0.plusSeconds(3600), "x");
        assertThat(ids(timers.takeDue(t0.plusSeconds(5), 100, LEASE))).isEmpty();
        List<DueTimer> due = timers.takeDue(t0.plusSeconds(25), 100, LEASE).stream().filter(t -> t.timerId().startsWith(prefix)).toList();
        assertThat(due).extracting(DueTimer::timerId).containsExactly(prefix + "a", prefix + "b");
        assertThat(due.getFirst().payload()).isEqualTo("{\"a\":1}");
        assertThat(due.getFirst().due()).isEqualTo(t0.plusSeconds(10));
    }

    @Test
    void aTakenTimerIsLeasedAndComesBackUnlessAcknowledged() {
        timers.schedule(prefix + "x", t0, "p");
        timers.schedule(prefix + "y", t0, "p");
        assertThat(ids(timers.takeDue(t0, 100, LEASE))).containsExactlyInAnyOrder(prefix + "x", prefix + "y");
        assertThat(ids(timers.takeDue(t0.plusSeconds(1), 100, LEASE))).isEmpty();
        timers.acknowledge(prefix + "x");
        assertThat(ids(timers.takeDue(t0.plus(LEASE).plusSeconds(1), 100, LEASE))).containsExactly(prefix + "y");
        timers.acknowledge(prefix + "y");
        assertThat(ids(timers.takeDue(t0.plusSeconds(3600), 100, LEASE))).isEmpty();
    }

    @Test
    void cancelAndRescheduleAreIdempotentById() {
        timers.schedule(prefix + "c", t0, "first");
        timers.schedule(prefix + "c", t0.plusSeconds(60), "second");
        timers.schedule(prefix + "gone", t0, "p");
        timers.cancel(prefix + "gone");
        timers.cancel(prefix + "never-existed");
        assertThat(ids(timers.takeDue(t0.plusSeconds(30), 100, LEASE))).isEmpty();
        List<DueTimer> due = timers.takeDue(t0.plusSeconds(60), 100, LEASE).stream().filter(t -> t.timerId().startsWith(prefix)).toList();
        assertThat(due).singleElement().satisfies(t -> assertThat(t.payload()).isEqualTo("second"));
    }

    /** An empty payload (a fire the id says all of) is kept: due at its time, the same due time after a lease, moved by a reschedule. */
    @Test
    void aTimerWithAnEmptyPayloadKeepsItsDueTimeThroughLeasesAndReschedules() {
        timers.schedule(prefix + "e", t0.plusMillis(1234), "");
        DueTimer first = timers.takeDue(t0.plusSeconds(5), 100, LEASE).stream().filter(t -> t.timerId().startsWith(prefix)).findFirst().orElseThrow();
        assertThat(first).isEqualTo(new DueTimer(prefix + "e", t0.plusMillis(1234), ""));
        DueTimer again = timers.takeDue(t0.plus(LEASE).plusSeconds(10), 100, LEASE).stream().filter(t -> t.timerId().startsWith(prefix))
                .findFirst().orElseThrow();
        assertThat(again).as("taken again after its lease: the same fire").isEqualTo(first);
        timers.schedule(prefix + "e", t0.plusSeconds(3600), "");
        assertThat(ids(timers.takeDue(t0.plusSeconds(3599), 100, LEASE))).isEmpty();
        assertThat(timers.takeDue(t0.plusSeconds(3600), 100, LEASE)).filteredOn(t -> t.timerId().startsWith(prefix))
                .containsExactly(new DueTimer(prefix + "e", t0.plusSeconds(3600), ""));
    }

    @Test
    void takeDueHonoursItsLimit() {
        for (int i = 0; i < 5; i++) {
            timers.schedule(prefix + i, t0.plusMillis(i), "p");
        }
        assertThat(ids(timers.takeDue(t0.plusSeconds(1), 2, LEASE))).containsExactly(prefix + "0", prefix + "1");
    }

    @Test
    void tenThreadsTakingDueTimersTakeEachOnce() throws Exception {
        for (int i = 0; i < 100; i++) {
            timers.schedule(prefix + i, t0.plusMillis(i), "p");
        }
        List<List<String>> taken = Concurrently.run(10, () -> {
            List<String> mine = new ArrayList<>();
            for (int round = 0; round < 20; round++) {
                mine.addAll(ids(timers.takeDue(t0.plusSeconds(1), 7, LEASE)));
            }
            return mine;
        });
        List<String> all = taken.stream().flatMap(List::stream).toList();
        assertThat(all).hasSize(100).doesNotHaveDuplicates();
    }
}
