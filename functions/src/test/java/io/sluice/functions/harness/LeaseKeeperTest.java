package io.sluice.functions.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorSends;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.engine.TaskToken;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.TimerIndex;
import io.sluice.testkit.fake.InMemoryIdempotencyStore;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** The lease keeper on its own: it extends the claim and moves the heartbeat timer, and stops dead on close. */
class LeaseKeeperTest {
    private static final Clock CLOCK = Clock.systemUTC();
    private static final String TIMER = "p:run.t1";

    private final InMemoryIdempotencyStore claims = new InMemoryIdempotencyStore();
    private final RecordingTimers timers = new RecordingTimers();

    private static TaskMessage task(Integer heartbeatSeconds, String heartbeatTimer) {
        String token = new TaskToken("p:run", 1, 3, 0, "0123456789abcdef0123456789abcdef").encode();
        return new TaskMessage(token, "sluice:function:f", "f", IntegrationPattern.REQUEST_RESPONSE, Json.object(), "S", 0, null,
                heartbeatSeconds, heartbeatTimer);
    }

    @Test
    void aHeartbeatMovesTheHeartbeatTimerAndExtendsTheClaimWithoutAMessage() {
        TaskMessage task = task(1, TIMER);
        Instant claimedAt = CLOCK.instant();
        claims.claim(IdempotencyStore.taskKey(task.token()), "me", claimedAt, Duration.ofMillis(600));
        try (LeaseKeeper keeper = LeaseKeeper.start(claims, timers, task, "me", CLOCK, Duration.ofMillis(600))) {
            assertThat(keeper.every()).isEqualTo(Duration.ofMillis(200));
            await().atMost(Duration.ofSeconds(5)).until(() -> timers.moves(TIMER) >= 3);
        }
        // Each beat moved the same timer one interval ahead of its time; the payload is the fire the orchestrator expects.
        TimerIndex.DueTimer last = timers.last(TIMER);
        assertThat(last.due()).isAfter(claimedAt.plusSeconds(1));
        assertThat(MessageCodec.decode(OrchestratorSends.firedTimer(last.payload(), TIMER, last.due()).body())).isEqualTo(new OrchestratorMessage.TimerFired("p:run", TIMER));
        IdempotencyStore.IdempotencyRecord claim = claims.read(IdempotencyStore.taskKey(task.token())).orElseThrow();
        assertThat(claim.owner()).isEqualTo("me");
        assertThat(claim.leaseUntil()).isAfter(claimedAt.plusMillis(600));
    }

    @Test
    void afterCloseNothingIsRenewed() {
        TaskMessage task = task(1, TIMER);
        claims.claim(IdempotencyStore.taskKey(task.token()), "me", CLOCK.instant(), Duration.ofMillis(300));
        LeaseKeeper keeper = LeaseKeeper.start(claims, timers, task, "me", CLOCK, Duration.ofMillis(300));
        await().atMost(Duration.ofSeconds(5)).until(() -> timers.moves(TIMER) >= 1);
        keeper.close();
        int moves = timers.moves(TIMER);
        await().during(Duration.ofMillis(500)).atMost(Duration.ofSeconds(2)).until(() -> timers.moves(TIMER) == moves);
    }

    @Test
    void tasksThatEndBeforeTheirFirstBeatLeaveNothingBehind() {
        TaskMessage task = task(null, null);
        int before = LeaseKeeper.pendingBeats();
        List<LeaseKeeper> keepers = new java.util.ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            keepers.add(LeaseKeeper.start(claims, timers, task, "me", CLOCK, Duration.ofMinutes(5)));
        }
        assertThat(LeaseKeeper.pendingBeats()).isGreaterThanOrEqualTo(before + 1000);
        keepers.forEach(LeaseKeeper::close);
        assertThat(LeaseKeeper.pendingBeats()).isLessThanOrEqualTo(before); // no thread per task, no beat left queued
    }

    @Test
    void withoutHeartbeatsOnlyTheClaimIsKept() {
        TaskMessage task = task(null, null);
        Instant claimedAt = CLOCK.instant();
        claims.claim(IdempotencyStore.taskKey(task.token()), "me", claimedAt, Duration.ofMillis(300));
        try (LeaseKeeper keeper = LeaseKeeper.start(claims, timers, task, "me", CLOCK, Duration.ofMillis(300))) {
            assertThat(keeper.every()).isEqualTo(Duration.ofMillis(100));
            await().atMost(Duration.ofSeconds(5)).until(() -> claims.read(IdempotencyStore.taskKey(task.token())).orElseThrow().leaseUntil()
                    .isAfter(claimedAt.plusMillis(500)));
        }
        assertThat(timers.all()).isEmpty();
    }

    /** Records every schedule call; the keeper only schedules. */
    private static final class RecordingTimers implements TimerIndex {
        private final Map<String, List<DueTimer>> scheduled = new ConcurrentHashMap<>();

        @Override
        public void schedule(String timerId, Instant due, String payload) {
            scheduled.computeIfAbsent(timerId, k -> java.util.Collections.synchronizedList(new java.util.ArrayList<>()))
                    .add(new DueTimer(timerId, due, payload));
        }

        int moves(String timerId) {
            return scheduled.getOrDefault(timerId, List.of()).size();
        }

        DueTimer last(String timerId) {
            return scheduled.get(timerId).getLast();
        }

        Map<String, List<DueTimer>> all() {
            return scheduled;
        }

        @Override
        public void cancel(String timerId) {
            throw new AssertionError("the lease keeper never cancels a timer");
        }

        @Override
        public List<DueTimer> takeDue(Instant now, int limit, Duration lease) {
            throw new AssertionError("the lease keeper never takes timers");
        }

        @Override
        public void acknowledge(String timerId) {
            throw new AssertionError("the lease keeper never acknowledges timers");
        }
    }
}
