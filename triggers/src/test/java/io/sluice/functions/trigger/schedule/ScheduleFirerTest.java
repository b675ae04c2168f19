package io.sluice.functions.trigger.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ScheduleIndex.DueSchedule;
import io.sluice.testkit.contract.Concurrently;
import io.sluice.testkit.fake.InMemoryScheduleIndex;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ScheduleFirerTest {
    private static final Instant T0 = Instant.parse("2026-11-29T03:00:00Z");
    private static final ScheduleFirer.Settings SETTINGS = new ScheduleFirer.Settings(100, 50, Duration.ofSeconds(60),
            Duration.ofMinutes(5), Duration.ofSeconds(5));

    private final InMemoryScheduleIndex index = new InMemoryScheduleIndex();
    private final RecordingStarter starter = new RecordingStarter();
    private final ScheduleFirer firer = new ScheduleFirer(index, starter, starter, SETTINGS);

    private void schedule(String pipeline, String expression, String overlap, String catchUp, Instant first) {
        index.put(pipeline, ScheduleShape.of(expression, "UTC", overlap, catchUp).encode(), first);
    }

    private Instant nextFire(String id) {
        return index.get(id).orElseThrow().nextFire();
    }

    @Test
    void anOnTimeFireStartsOneExecutionNamedAfterTheScheduledTimeAndMovesOn() {
        schedule("orders", "cron(0 3 * * ? *)", "skip", "latest", T0);
        ScheduleFirer.Report r = firer.tick(T0.plusMillis(300));
        assertThat(r.started()).isEqualTo(1);
        assertThat(r.startLags()).as("started 300 ms after its scheduled time").containsExactly(Duration.ofMillis(300));
        assertThat(starter.started()).containsExactly("orders:sched-20261129T0300Z");
        assertThat(starter.inputs.get("orders:sched-20261129T0300Z").get("scheduledTime").asText()).isEqualTo("2026-11-29T03:00:00Z");
        assertThat(nextFire("orders")).isEqualTo(T0.plus(Duration.ofDays(1)));
    }

    @Test
    void aDoubledTickStartsOneRun() {
        schedule("orders", "cron(0 3 * * ? *)", "allow", "none", T0);
        firer.tick(T0.plusMillis(100));
        ScheduleFirer.Report second = firer.tick(T0.plusMillis(100));
        assertThat(second.taken()).isZero();
        assertThat(starter.calls).containsExactly("orders:sched-20261129T0300Z");
    }

    @Test
    void aFirerThatDiesAfterStartingNeitherLosesNorDoublesTheRun() {
        schedule("orders", "cron(0 3 * * ? *)", "allow", "none", T0);
        List<DueSchedule> dying = index.takeDue(T0, 10, SETTINGS.lease());           // taken, then the taker dies
        starter.start("orders", "sched-20261129T0300Z", null);                       // ... after it had started the run
        assertThat(firer.tick(T0.plusSeconds(30)).taken()).as("still leased").isZero();
        ScheduleFirer.Report r = firer.tick(T0.plus(SETTINGS.lease()).plusSeconds(1)); // lease over: retaken
        assertThat(r.taken()).isEqualTo(1);
        assertThat(r.existed()).isEqualTo(1);
        assertThat(starter.started()).containsExactly("orders:sched-20261129T0300Z");
        assertThat(nextFire("orders")).isEqualTo(T0.plus(Duration.ofDays(1)));
        assertThat(dying).hasSize(1);
    }

    @Test
    void aRetakenFireStartsEvenWhenLateBeyondGrace() {
        schedule("orders", "cron(0 3 * * ? *)", "allow", "none", T0);
        index.takeDue(T0, 10, Duration.ofMinutes(10)); // the taker dies before starting anything
        ScheduleFirer.Report r = firer.tick(T0.plus(Duration.ofMinutes(11)));
        assertThat(r.started()).isEqualTo(1);
        assertThat(starter.started()).containsExactly("orders:sched-20261129T0300Z");
    }

    @Test
    void aStartThatFailsIsRetriedAfterTheLeaseForTheSameTime() {
        schedule("orders", "cron(0 3 * * ? *)", "allow", "latest", T0);
        starter.failuresToThrow.set(1);
        assertThat(firer.tick(T0).failed()).isEqualTo(1);
        assertThat(firer.tick(T0.plus(SETTINGS.lease()).plusSeconds(1)).started()).isEqualTo(1);
        assertThat(starter.started()).containsExactly("orders:sched-20261129T0300Z");
    }

    @Test
    void anUnknownPipelineIsRejectedAndTheScheduleMovesOn() {
        schedule("ghost", "cron(0 3 * * ? *)", "allow", "latest", T0);
        starter.unknownPipelines.add("ghost");
        assertThat(firer.tick(T0).rejected()).isEqualTo(1);
        assertThat(nextFire("ghost")).isEqualTo(T0.plus(Duration.ofDays(1)));
    }

    @Test
    void catchUpNoneDropsFiresMissedDuringDowntime() {
        schedule("hourly", "cron(0 * * * ? *)", "allow", "none", T0);
        ScheduleFirer.Report r = firer.tick(T0.plus(Duration.ofHours(5)).plusSeconds(600)); // down from 03:00 to 08:10
        assertThat(r.started()).isZero();
        assertThat(r.dropped()).isEqualTo(6);
        assertThat(nextFire("hourly")).isEqualTo(Instant.parse("2026-11-29T09:00:00Z"));
    }

    @Test
    void catchUpLatestStartsOnlyTheMostRecentMissedFire() {
        schedule("hourly", "cron(0 * * * ? *)", "allow", "latest", T0);
        ScheduleFirer.Report r = firer.tick(Instant.parse("2026-11-29T08:10:00Z"));
        assertThat(r.started()).isEqualTo(1);
        assertThat(r.dropped()).isEqualTo(5);
        assertThat(starter.started()).containsExactly("hourly:sched-20261129T0800Z");
    }

    @Test
    void catchUpAllStartsTheLastNMissedFiresAndTheOnTimeOnes() {
        schedule("hourly", "cron(0 * * * ? *)", "allow", "all:3", T0);
        ScheduleFirer.Report r = firer.tick(Instant.parse("2026-11-29T08:02:00Z")); // 08:00 is on time (within 5 min)
        assertThat(r.started()).isEqualTo(4);
        assertThat(starter.started()).containsExactly("hourly:sched-20261129T0500Z", "hourly:sched-20261129T0600Z",
                "hourly:sched-20261129T0700Z", "hourly:sched-20261129T0800Z");
        assertThat(r.dropped()).isEqualTo(2);
    }

    @Test
    void catchUpAfterAYearOfMinutesCostsAWindowNotAYear() {
        schedule("minutely", "rate(1 minute)", "allow", "all:2", T0);
        ScheduleFirer.Report r = firer.tick(T0.plus(Duration.ofDays(365)));
        // The last two missed fires, then the on-time ones (within the five-minute grace: 02:55 to 03:00).
        assertThat(starter.started()).containsExactly("minutely:sched-20271129T0253Z", "minutely:sched-20271129T0254Z",
                "minutely:sched-20271129T0255Z", "minutely:sched-20271129T0256Z", "minutely:sched-20271129T0257Z",
                "minutely:sched-20271129T0258Z", "minutely:sched-20271129T0259Z", "minutely:sched-20271129T0300Z");
        assertThat(r.dropped()).isBetween(1000, 525_600);
    }

    @Test
    void overlapSkipDoesNotStartWhileThePreviousRunRuns() {
        schedule("etl", "rate(10 minutes)", "skip", "latest", T0);
        firer.tick(T0);
        ScheduleFirer.Report second = firer.tick(T0.plus(Duration.ofMinutes(10)));
        assertThat(second.skipped()).isEqualTo(1);
        assertThat(starter.started()).containsExactly("etl:sched-20261129T0300Z");
        starter.finishAll();
        firer.tick(T0.plus(Duration.ofMinutes(20)));
        assertThat(starter.started()).containsExactly("etl:sched-20261129T0300Z", "etl:sched-20261129T0320Z");
    }

    @Test
    void overlapQueueStartsTheFireWhenThePreviousRunFinishes() {
        schedule("etl", "rate(10 minutes)", "queue", "none", T0);
        firer.tick(T0);
        assertThat(firer.tick(T0.plus(Duration.ofMinutes(10))).held()).isEqualTo(1);
        assertThat(firer.tick(T0.plus(Duration.ofMinutes(10)).plusSeconds(5)).held()).isEqualTo(1);
        starter.finishAll();
        ScheduleFirer.Report r = firer.tick(T0.plus(Duration.ofMinutes(17)));
        assertThat(r.started()).isEqualTo(1);
        assertThat(starter.started()).containsExactly("etl:sched-20261129T0300Z", "etl:sched-20261129T0310Z");
        assertThat(nextFire("etl")).isEqualTo(T0.plus(Duration.ofMinutes(20)));
    }

    @Test
    void overlapQueueWithCatchUpAllRunsTheBacklogOneAfterAnother() {
        schedule("etl", "rate(10 minutes)", "queue", "all:10", T0);
        firer.tick(T0.plus(Duration.ofMinutes(21))); // 03:00, 03:10, 03:20 are due; the first starts
        assertThat(starter.started()).containsExactly("etl:sched-20261129T0300Z");
        firer.tick(T0.plus(Duration.ofMinutes(22)));
        assertThat(starter.started()).hasSize(1);
        starter.finishAll();
        firer.tick(T0.plus(Duration.ofMinutes(23)).plusSeconds(5));
        starter.finishAll();
        firer.tick(T0.plus(Duration.ofMinutes(24)));
        assertThat(starter.started()).containsExactly("etl:sched-20261129T0300Z", "etl:sched-20261129T0310Z", "etl:sched-20261129T0320Z");
        assertThat(nextFire("etl")).isEqualTo(T0.plus(Duration.ofMinutes(30)));
    }

    @Test
    void overlapAllowStartsEvenWhileRunning() {
        schedule("etl", "rate(10 minutes)", "allow", "latest", T0);
        firer.tick(T0);
        firer.tick(T0.plus(Duration.ofMinutes(10)));
        assertThat(starter.started()).containsExactly("etl:sched-20261129T0300Z", "etl:sched-20261129T0310Z");
    }

    @Test
    void tenThreadsTickingTheSameIndexStartEachDueFireOnce() throws Exception {
        for (int i = 0; i < 300; i++) {
            schedule("p" + i, "rate(1 minute)", "allow", "all:5", T0.plusSeconds(i % 60));
        }
        // One clock for all threads, as on one deployment; the lease outlasts any skew between them.
        AtomicLong clock = new AtomicLong();
        ScheduleFirer longLease = new ScheduleFirer(index, starter, starter, new ScheduleFirer.Settings(7, 50, Duration.ofMinutes(10),
                Duration.ofMinutes(5), Duration.ofSeconds(5)));
        Concurrently.run(10, () -> {
            for (long second = clock.getAndIncrement(); second <= 180; second = clock.getAndIncrement()) {
                longLease.tick(T0.plusSeconds(second));
            }
            return null;
        });
        // A thread that took a schedule at an earlier 'now' may settle it after the others reached 180 s;
        // ticking goes on in real life, so one more tick at 180 s collects what became due meanwhile.
        firer.tick(T0.plusSeconds(180));
        // Each schedule fires at its offset, +1 min, +2 min, +3 min if that is at or before T0+180s.
        int expected = 0;
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            for (int k = 0; k < 4; k++) {
                Instant fire = T0.plusSeconds(i % 60 + 60L * k);
                if (!fire.isAfter(T0.plusSeconds(180))) {
                    expected++;
                    names.add("p" + i + ":" + ScheduleKey.of("p" + i).executionName(fire));
                }
            }
        }
        assertThat(starter.calls).hasSize(expected).doesNotHaveDuplicates();
        assertThat(starter.started()).containsExactlyInAnyOrderElementsOf(names);
    }

    @Test
    void aLabelledScheduleNamesItsRunsWithItsLabel() {
        index.put("orders/weekend", ScheduleShape.of("cron(0 9 ? * SAT,SUN *)", "Europe/Berlin", "allow", "none").encode(),
                Instant.parse("2026-11-29T08:00:00Z"));
        firer.tick(Instant.parse("2026-11-29T08:00:01Z"));
        assertThat(starter.started()).containsExactly("orders:sched-weekend-20261129T0800Z");
        assertThat(nextFire("orders/weekend")).isEqualTo(Instant.parse("2026-12-05T08:00:00Z"));
    }

    @Test
    void theFireTimeInTheIndexCountsEvenWhenTheExpressionWouldNotHaveChosenIt() {
        schedule("moved", "cron(0 3 * * ? *)", "allow", "none", T0.plusSeconds(17)); // e.g. placed by hand
        firer.tick(T0.plusSeconds(18));
        assertThat(starter.started()).containsExactly("moved:sched-20261129T030017Z");
        assertThat(nextFire("moved")).isEqualTo(T0.plus(Duration.ofDays(1)));
    }
}
