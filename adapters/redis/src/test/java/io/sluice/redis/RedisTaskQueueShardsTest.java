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
    void aLoadedQueueIsReceivedFromOneShardAtATimeTheLoadedOnesTakingTurnsAndAFewMessagesElsewhereAreNotKeptWaiting() {
        try (RedisTaskQueue queue = new RedisTaskQueue(redis.client(), redis.prefix(), 5)) {
            List<String> executions = new java.util.ArrayList<>(); // of three different shards: two loaded, one with a message
            Set<Integer> seen = new HashSet<>();
            for (int i = 0; executions.size() < 3; i++) {
                if (seen.add(queue.shardOf(of("p:d" + i)))) {
                    executions.add("p:d" + i);
                }
            }
            int loadedA = queue.shardOf(of(executions.get(0)));
            int loadedB = queue.shardOf(of(executions.get(1)));
            int light = queue.shardOf(of(executions.get(2)));
            for (int k = 0; k < 30; k++) {
                queue.send("loaded", numbered(executions.get(0), k), Duration.ZERO);
                queue.send("loaded", numbered(executions.get(1), k), Duration.ZERO);
            }
            queue.send("loaded", numbered(executions.get(2), 0), Duration.ZERO);
            Set<String> receipts = new HashSet<>();

            List<TaskQueue.ReceivedMessage> first = queue.receive("loaded", 10, VISIBLE, Duration.ofSeconds(5));
            assertThat(shardsOf(queue, first)).as("nothing known yet: the signalled shards share out the batch").contains(light)
                    .hasSizeGreaterThan(1);
            first.forEach(m -> receipts.add(m.receipt()));

            List<Integer> turns = new java.util.ArrayList<>();
            for (int i = 0; i < 4; i++) {
                List<TaskQueue.ReceivedMessage> got = queue.receive("loaded", 10, VISIBLE, Duration.ofSeconds(5));
                assertThat(got).as("a loaded shard gives the whole batch").hasSize(10);
                assertThat(shardsOf(queue, got)).as("from one shard, which still holds more").hasSize(1);
                turns.add(shardsOf(queue, got).iterator().next());
                got.forEach(m -> receipts.add(m.receipt()));
            }
            assertThat(turns).as("the loaded shards take turns").containsExactlyInAnyOrder(loadedA, loadedB, loadedA, loadedB)
                    .doesNotContainSequence(loadedA, loadedA).doesNotContainSequence(loadedB, loadedB);

            queue.send("loaded", numbered(executions.get(2), 1), Duration.ZERO);
            List<TaskQueue.ReceivedMessage> next = queue.receive("loaded", 10, VISIBLE, Duration.ofSeconds(5));
            assertThat(next).as("the lightly loaded shard's new message comes with the next batch, beside a loaded shard's")
                    .anyMatch(m -> m.body().equals("n1 for " + executions.get(2))).hasSizeGreaterThan(1);
            assertThat(shardsOf(queue, next)).hasSize(2);
            next.forEach(m -> receipts.add(m.receipt()));
            for (int i = 0; i < 10 && receipts.size() < 62; i++) {
                queue.receive("loaded", 10, VISIBLE, Duration.ofSeconds(5)).forEach(m -> assertThat(receipts.add(m.receipt())).isTrue());
            }
            assertThat(receipts).as("every message once").hasSize(62);
        }
    }

    private static TaskQueue.OutgoingMessage numbered(String execution, int n) {
        return new TaskQueue.OutgoingMessage("n" + n + " for " + execution, Map.of("executionId", execution), null, "m-" + execution + "-" + n);
    }

    private static Set<Integer> shardsOf(RedisTaskQueue queue, List<TaskQueue.ReceivedMessage> messages) {
        Set<Integer> shards = new HashSet<>();
        messages.forEach(m -> shards.add(queue.shardOfReceipt(m.receipt())));
        return shards;
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
