package io.sluice.local.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.OutboxDispatcher;
import io.sluice.functions.orchestrator.ScheduleTick;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisExecutionStore;
import io.sluice.redis.RedisTaskQueue;
import io.sluice.redis.RedisTimerIndex;
import io.sluice.testkit.redis.RedisTestServer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.redisson.api.options.KeysScanOptions;

/**
 * Many timers due at once (a backlog, the clock moved past them) go to the orchestrator in one tick, each once: the
 * tick's parallel, whole-batch firing ({@code DueTimerSends}) over the Redis timer index and queue, as the local runtime
 * runs it. Before, one tick fired 500.
 */
class DueTimersTickTest {
    private static final Instant NOW = Instant.parse("2026-12-06T02:00:00Z");
    private final String prefix = "sluice-test:due-timers:" + UUID.randomUUID();
    private final RedissonClient client = RedisAdapters.client(RedisTestServer.shared().url());

    @Test
    void aBacklogOfDueTimersFiresInOneTickEachOnce() {
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        RedisExecutionStore store = new RedisExecutionStore(client, prefix);
        RedisTimerIndex timers = new RedisTimerIndex(client, prefix);
        RedisTaskQueue queue = new RedisTaskQueue(client, prefix, 5);
        QueueNames names = new QueueNames("due-timers");
        int n = 1_234; // two batches of 500 and a part
        for (int i = 0; i < n; i++) {
            timers.schedule("p:e" + i + "/t", NOW.minusSeconds(60 + i), MessageCodec.encode(new OrchestratorMessage.TimerFired("p:e" + i, "t")));
        }
        timers.schedule("p:later/t", NOW.plusSeconds(3600), MessageCodec.encode(new OrchestratorMessage.TimerFired("p:later", "t")));
        ScheduleTick tick = new ScheduleTick(store, timers, queue, new OutboxDispatcher(store, queue, timers, names, clock), names, clock,
                Duration.ofSeconds(5));

        assertThat(tick.fireTimers()).isEqualTo(n);

        List<ReceivedMessage> received = new ArrayList<>();
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            received.addAll(queue.receive(names.orchestrator(), 500, Duration.ofMinutes(5), Duration.ZERO));
            return received.size() >= n;
        });
        received.addAll(queue.receive(names.orchestrator(), 500, Duration.ofMinutes(5), Duration.ofMillis(200)));
        Set<String> executions = new HashSet<>();
        received.forEach(m -> executions.add(((OrchestratorMessage.TimerFired) MessageCodec.decode(m.body())).executionId()));
        assertThat(received).as("each due timer fired once").hasSize(n);
        assertThat(executions).hasSize(n).doesNotContain("p:later");
        assertThat(timers.takeDue(NOW.plusSeconds(120), 10, Duration.ofMinutes(1))).as("all acknowledged").isEmpty();
        assertThat(tick.fireTimers()).isZero();
    }

    @AfterEach
    void deleteKeys() {
        List<String> keys = new ArrayList<>();
        client.getKeys().getKeys(KeysScanOptions.defaults().pattern(prefix + ":*")).forEach(keys::add);
        keys.forEach(k -> client.getKeys().delete(k));
        client.shutdown();
    }
}
