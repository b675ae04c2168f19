package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.orchestration.port.ScheduleIndex.DueSchedule;
import io.sluice.orchestration.port.ScheduleIndex.Placement;
import io.sluice.orchestration.port.ScheduleIndex.Settlement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link ScheduleIndex} passes this suite. Time is passed in; each test works in its own far-off window. */
public abstract class ScheduleIndexContract {
    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final String DAILY = "cron(0 3 * * ? *)|Europe/Berlin|skip|latest";
    private static final String HOURLY = "rate(1 hour)|UTC|allow|none";

    private ScheduleIndex index;
    private String prefix;
    private Instant t0;

    /** An index isolated from other tests' schedules (its own key prefix or namespace). */
    protected abstract ScheduleIndex createIndex();

    @BeforeEach
    void setUp() {
        index = createIndex();
        prefix = "s-" + UUID.randomUUID().toString().substring(0, 8) + ":";
        t0 = Instant.parse("2100-01-01T00:00:00Z").plusSeconds((long) (Math.random() * 1_000_000_000L));
    }

    private List<DueSchedule> mine(List<DueSchedule> due) {
        return due.stream().filter(d -> d.scheduleId().startsWith(prefix)).toList();
    }

    private List<DueSchedule> take(Instant now) {
        return mine(index.takeDue(now, 1000, LEASE));
    }

    private static Settlement advance(DueSchedule d, Instant next) {
        return new Settlement.Advance(d, next);
    }

    @Test
    void schedulesComeDueInFireTimeOrderWithTheirShape() {
        index.putAll(List.of(new Placement(prefix + "b", HOURLY, t0.plusSeconds(20)),
                new Placement(prefix + "a", DAILY, t0.plusSeconds(10)), new Placement(prefix + "later", DAILY, t0.plusSeconds(3600))));
        assertThat(take(t0.plusSeconds(9))).isEmpty();
        List<DueSchedule> due = take(t0.plusSeconds(20));
        assertThat(due).extracting(DueSchedule::scheduleId).containsExactly(prefix + "a", prefix + "b");
        assertThat(due.get(0).shape()).isEqualTo(DAILY);
        assertThat(due.get(0).fireTime()).isEqualTo(t0.plusSeconds(10));
        assertThat(due.get(1).shape()).isEqualTo(HOURLY);
        assertThat(due).noneMatch(DueSchedule::retaken);
    }

    @Test
    void aFireIsDueFromItsSecondOnAndNotBefore() {
        index.put(prefix + "x", DAILY, t0);
        assertThat(take(t0.minusMillis(1))).isEmpty();
        assertThat(take(t0.plusMillis(999))).singleElement().satisfies(d -> assertThat(d.fireTime()).isEqualTo(t0));
    }

    @Test
    void aTakenFireIsHiddenUntilItsLeaseEndsThenComesBackWithTheSameFireTime() {
        index.put(prefix + "x", DAILY, t0);
        DueSchedule first = take(t0.plusSeconds(1)).getFirst();
        assertThat(take(t0.plusSeconds(2))).as("a second tick while leased").isEmpty();
        assertThat(take(t0.plusSeconds(1).plus(LEASE).minusSeconds(1))).isEmpty();
        DueSchedule again = take(t0.plusSeconds(2).plus(LEASE)).getFirst();
        assertThat(again.fireTime()).isEqualTo(t0);
        assertThat(again.retaken()).isTrue();
        assertThat(again.lease()).isNotEqualTo(first.lease());
        assertThat(index.settle(List.of(advance(first, t0.plusSeconds(86_400))))).as("the first taker lost its lease").containsExactly(false);
        assertThat(index.settle(List.of(advance(again, t0.plusSeconds(86_400))))).containsExactly(true);
    }

    @Test
    void advancingMovesTheScheduleToItsNextFireAndNullRemovesIt() {
        index.putAll(List.of(new Placement(prefix + "x", DAILY, t0), new Placement(prefix + "once", DAILY, t0)));
        List<DueSchedule> due = take(t0);
        assertThat(index.settle(due.stream().map(d -> advance(d, d.scheduleId().endsWith("once") ? null : t0.plusSeconds(60))).toList()))
                .containsExactly(true, true);
        assertThat(index.get(prefix + "once")).isEmpty();
        assertThat(index.get(prefix + "x")).contains(new Placement(prefix + "x", DAILY, t0.plusSeconds(60)));
        assertThat(take(t0.plusSeconds(59))).isEmpty();
        DueSchedule next = take(t0.plusSeconds(60)).getFirst();
        assertThat(next.fireTime()).isEqualTo(t0.plusSeconds(60));
        assertThat(next.retaken()).isFalse();
        assertThat(index.settle(List.of(advance(next, t0.plusSeconds(120))))).containsExactly(true);
        assertThat(index.settle(List.of(advance(next, t0.plusSeconds(180))))).as("settling twice").containsExactly(false);
        assertThat(index.get(prefix + "x").map(Placement::nextFire)).contains(t0.plusSeconds(120));
    }

    @Test
    void aHeldFireComesBackRetakenWithTheFireTimeItWasHeldAt() {
        index.put(prefix + "q", DAILY, t0);
        DueSchedule d = take(t0.plusSeconds(5)).getFirst();
        assertThat(index.settle(List.of(new Settlement.Hold(d, t0.plusSeconds(3), t0.plusSeconds(10))))).containsExactly(true);
        assertThat(index.get(prefix + "q").map(Placement::nextFire)).contains(t0.plusSeconds(3));
        assertThat(take(t0.plusSeconds(9))).isEmpty();
        DueSchedule back = take(t0.plusSeconds(10)).getFirst();
        assertThat(back.fireTime()).isEqualTo(t0.plusSeconds(3));
        assertThat(back.retaken()).isTrue();
        assertThat(index.settle(List.of(new Settlement.Hold(d, t0, t0.plusSeconds(99))))).as("the old take").containsExactly(false);
    }

    @Test
    void putReplacesAndRemoveDeletesEvenWhileTaken() {
        index.put(prefix + "p", DAILY, t0);
        index.put(prefix + "p", HOURLY, t0.plusSeconds(30));
        assertThat(index.get(prefix + "p")).contains(new Placement(prefix + "p", HOURLY, t0.plusSeconds(30)));
        assertThat(take(t0.plusSeconds(29))).isEmpty();
        DueSchedule d = take(t0.plusSeconds(30)).getFirst();
        index.put(prefix + "p", DAILY, t0.plusSeconds(100));
        assertThat(index.settle(List.of(advance(d, t0.plusSeconds(60))))).as("replaced while taken").containsExactly(false);
        assertThat(index.get(prefix + "p").map(Placement::nextFire)).contains(t0.plusSeconds(100));
        DueSchedule again = take(t0.plusSeconds(100)).getFirst();
        assertThat(again.retaken()).isFalse();
        assertThat(index.remove(prefix + "p")).isTrue();
        assertThat(index.remove(prefix + "p")).isFalse();
        assertThat(index.settle(List.of(advance(again, t0.plusSeconds(200))))).containsExactly(false);
        assertThat(index.get(prefix + "p")).isEmpty();
        assertThat(take(t0.plusSeconds(10_000))).isEmpty();
    }

    @Test
    void takeDueHonoursItsLimitEarliestFirst() {
        List<Placement> ps = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ps.add(new Placement(prefix + i, DAILY, t0.plusSeconds(i)));
        }
        index.putAll(ps);
        List<DueSchedule> two = mine(index.takeDue(t0.plusSeconds(10), 2, LEASE));
        assertThat(two).extracting(DueSchedule::scheduleId).containsExactly(prefix + "0", prefix + "1");
        assertThat(index.takeDue(t0.plusSeconds(10), 0, LEASE)).isEmpty();
    }

    @Test
    void manyShapesAndFarFireTimesRoundTripExactly() {
        List<Placement> ps = new ArrayList<>();
        Instant far = Instant.parse("2199-12-31T23:59:59Z");
        for (int i = 0; i < 50; i++) {
            ps.add(new Placement(prefix + i, "cron(" + i + " 3 * * ? *)|Asia/Kolkata|allow|all:" + i, far.minusSeconds(i)));
        }
        index.putAll(ps);
        for (Placement p : ps) {
            assertThat(index.get(p.scheduleId())).contains(p);
        }
        Map<String, String> shapes = new ConcurrentHashMap<>();
        take(far).forEach(d -> shapes.put(d.scheduleId(), d.shape()));
        assertThat(shapes).hasSize(50).containsEntry(prefix + "7", "cron(7 3 * * ? *)|Asia/Kolkata|allow|all:7");
    }

    @Test
    void fireTimesAreWholeSeconds() {
        assertThatThrownBy(() -> index.put(prefix + "ms", DAILY, t0.plusMillis(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("whole seconds");
        assertThat(index.get(prefix + "unknown")).isEqualTo(Optional.empty());
    }

    @Test
    void tenThreadsTakingAndSettlingTakeEachDueFireOnce() throws Exception {
        List<Placement> ps = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            ps.add(new Placement(prefix + i, HOURLY, t0.plusSeconds(i % 7)));
        }
        index.putAll(ps);
        Map<String, AtomicInteger> fires = new ConcurrentHashMap<>();
        Concurrently.run(10, () -> {
            for (int round = 0; round < 30; round++) {
                List<DueSchedule> due = mine(index.takeDue(t0.plusSeconds(10), 9, LEASE));
                due.forEach(d -> fires.computeIfAbsent(d.scheduleId() + "@" + d.fireTime(), k -> new AtomicInteger()).incrementAndGet());
                index.settle(due.stream().map(d -> advance(d, d.fireTime().plusSeconds(3600))).toList());
            }
            return null;
        });
        assertThat(fires).hasSize(200);
        assertThat(fires.values()).allSatisfy(n -> assertThat(n.get()).isEqualTo(1));
        assertThat(take(t0.plusSeconds(3599))).isEmpty();
        assertThat(take(t0.plusSeconds(3606))).hasSize(200).allSatisfy(d -> assertThat(d.retaken()).isFalse());
    }
}
