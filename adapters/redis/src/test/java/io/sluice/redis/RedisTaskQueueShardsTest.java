package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The queue's shards on the loopback Redis Cluster: a message goes to its execution's shard, and receives find messages
 * in whichever shards hold them, by the signals of their sends or by looking at every shard.
 */
class RedisTaskQueueShardsTest {
    @RegisterExtension
    static final RedisScope redis = RedisScope.onCluster("queue-shards");
    private static final Duration VISIBLE = Duration.ofSeconds(30);

    private static TaskQueue.OutgoingMessage of(String execution) {
        return new TaskQueue.OutgoingMessage("for " + execution, Map.of("executionId", execution), null, "m-" + execution);
    }

    @Test
    void oneReceiveGathersTheMessagesOfManyShards() {
        try (RedisTaskQueue queue = new RedisTaskQueue(redis.client(), redis.prefix(), 5)) {
            Set<Integer> shards = new HashSet<>();
            for (int i = 0; i < 12; i++) {
                queue.send("tasks", of("p:e" + i), Duration.ZERO);
                shards.add(queue.shardOf(of("p:e" + i)));
            }
            assertThat(shards).as("the executions are spread over shards").hasSizeGreaterThan(3);

            List<TaskQueue.ReceivedMessage> first = queue.receive("tasks", 12, VISIBLE, Duration.ofSeconds(5));
            assertThat(first.stream().map(m -> queue.shardOf(of(m.attributes().get("executionId")))).distinct().count())
                    .as("the sends signalled their shards, which shared out one receive's batch in one pipeline").isGreaterThan(1);
            List<TaskQueue.ReceivedMessage> got = new java.util.ArrayList<>(first);
            for (int i = 0; i < 3 && got.size() < 12; i++) { // a shard that gave its whole share stays signalled
                got.addAll(queue.receive("tasks", 12, VISIBLE, Duration.ofSeconds(5)));
            }
            assertThat(got).hasSize(12);
            for (TaskQueue.ReceivedMessage m : got) {
                String execution = m.attributes().get("executionId");
                assertThat(m.receipt()).as("the receipt names the execution's shard").startsWith("s" + queue.shardOf(of(execution)) + ".");
                queue.acknowledge("tasks", m.receipt());
            }
            assertThat(queue.receive("tasks", 12, VISIBLE, Duration.ZERO)).isEmpty();
        }
    }

    @Test
    void aSendFromAnotherNodeIsFoundByAWaitingReceiveAndByAFreshOnesFirstLook() {
        try (RedisTaskQueue sender = new RedisTaskQueue(redis.client(), redis.prefix(), 5);
             RedisTaskQueue receiver = new RedisTaskQueue(redis.client(), redis.prefix(), 5)) {
            sender.send("tasks", of("p:before"), Duration.ZERO);
            assertThat(receiver.receive("tasks", 10, VISIBLE, Duration.ZERO)).as("its first look is at every shard")
                    .extracting(TaskQueue.ReceivedMessage::body).containsExactly("for p:before");

            Thread later = Thread.ofVirtual().start(() -> sender.send("tasks", of("p:after"), Duration.ZERO));
            List<TaskQueue.ReceivedMessage> got = receiver.receive("tasks", 10, VISIBLE, Duration.ofSeconds(20));
            assertThat(got).as("woken by the notification, which names the shard").extracting(TaskQueue.ReceivedMessage::body)
                    .containsExactly("for p:after");
            later.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
