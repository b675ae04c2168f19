package io.sluice.functions.orchestrator;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.testkit.fake.InMemoryExecutionStore;
import io.sluice.testkit.fake.InMemoryTaskQueue;
import io.sluice.testkit.fake.InMemoryTimerIndex;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Many timers due at once (a backlog, the clock moved past them) go to the orchestrator in one tick, each once. The
 * in-memory queue and timer index of the testkit: what is tested is the tick's batching, not a backend (the Redis timer
 * index has its own contract suite, and the hibernate bench measures the wake end to end on Redis).
 */
class ScheduleTickTimersTest {
    private static final Instant NOW = Instant.parse("2026-12-06T02:00:00Z");

    @Test
    void aBacklogOfDueTimersFiresInOneTickEachOnce() {
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        InMemoryTaskQueue queue = new InMemoryTaskQueue(clock, 5);
        InMemoryTimerIndex timers = new InMemoryTimerIndex();
        InMemoryExecutionStore store = new InMemoryExecutionStore();
        QueueNames names = QueueNames.DEFAULT;
        int n = 1_234; // over two batches of 500 and a part
        for (int i = 0; i < n; i++) {
            String payload = MessageCodec.encode(new OrchestratorMessage.TimerFired("p:e" + i, "t" + i, null));
            timers.schedule("p:e" + i + "/t" + i, NOW.minusSeconds(60 + i), payload);
        }
        timers.schedule("p:later/t", NOW.plusSeconds(3600), MessageCodec.encode(new OrchestratorMessage.TimerFired("p:later", "t", null)));
        ScheduleTick tick = new ScheduleTick(store, timers, queue, new OutboxDispatcher(store, queue, timers, names, clock), names, clock,
                Duration.ofSeconds(5));

        assertThat(tick.fireTimers()).isEqualTo(n);

        List<ReceivedMessage> received = new ArrayList<>();
        List<ReceivedMessage> page;
        do {
            page = queue.receive(names.orchestrator(), 10, Duration.ofMinutes(5), Duration.ZERO);
            received.addAll(page);
        } while (!page.isEmpty());
        Set<String> executions = new HashSet<>();
        for (ReceivedMessage m : received) {
            executions.add(((OrchestratorMessage.TimerFired) MessageCodec.decode(m.body())).executionId());
        }
        assertThat(received).as("each due timer fired once").hasSize(n);
        assertThat(executions).hasSize(n).doesNotContain("p:later");
        assertThat(timers.takeDue(NOW.plusSeconds(120), 10, Duration.ofMinutes(1))).as("all acknowledged").isEmpty();
        assertThat(tick.fireTimers()).isZero();
    }
}
