package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.redisson.api.RTopic;
import org.redisson.client.codec.StringCodec;

/**
 * A queue's sends notify other processes only while one listens ({@link QueueListeners}): each {@link RedisTaskQueue}
 * is an instance of its own, as a process is. What is heard on the channel is read by a plain subscriber, which the
 * queues do not count as a listener; Pub/Sub delivers one connection's messages in the order Redis published them.
 */
abstract class QueueListenersCases {
    private static final Duration VISIBLE = Duration.ofSeconds(30);

    abstract RedisScope redis();

    @Test
    void anInstanceAloneNotifiesNobodyAndASecondOneIsNotifiedFromTheFirstsNextRefreshUntilItCloses() throws Exception {
        List<String> heard = new CopyOnWriteArrayList<>();
        RTopic channel = redis().client().getTopic(redis().prefix() + ":queue-sent", StringCodec.INSTANCE);
        int plain = channel.addListener(String.class, (c, text) -> heard.add(text));
        try (RedisTaskQueue a = new RedisTaskQueue(redis().client(), redis().prefix(), 5)) {
            assertThat(a.receive("alone", 1, VISIBLE, Duration.ofMillis(1))).as("a waits once: it listens").isEmpty();
            assertThat(a.listeners().refresh()).as("no other instance listens").isZero();
            a.send("alone", message("1"), Duration.ZERO);

            try (RedisTaskQueue b = new RedisTaskQueue(redis().client(), redis().prefix(), 5)) {
                assertThat(b.receive("together", 1, VISIBLE, Duration.ofMillis(1))).isEmpty();
                assertThat(a.listeners().refresh()).as("b listens too").isEqualTo(1);
                a.send("together", message("2"), Duration.ZERO);
                await().atMost(Duration.ofSeconds(10)).until(() -> !heard.isEmpty());
                assertThat(heard.getFirst()).as("the send made alone published nothing: the first notification is the later one's")
                        .contains(" together").doesNotContain(" alone");
                assertThat(b.receive("together", 1, VISIBLE, Duration.ZERO)).hasSize(1);
            }
            assertThat(a.listeners().refresh()).as("b closed: its entry is gone").isZero();
            assertThat(a.receive("alone", 1, VISIBLE, Duration.ZERO)).as("a's own message, found without a notification").hasSize(1);
        } finally {
            channel.removeListener(plain);
        }
    }

    @Test
    void anInstanceThatOnlySendsIsNoListenerAndNotifiesThoseThatAre() {
        try (RedisTaskQueue sender = new RedisTaskQueue(redis().client(), redis().prefix(), 5);
             RedisTaskQueue receiver = new RedisTaskQueue(redis().client(), redis().prefix(), 5)) {
            assertThat(sender.listeners().refresh()).as("nobody listens yet").isZero();
            assertThat(receiver.receive("q", 1, VISIBLE, Duration.ofMillis(1))).isEmpty();
            assertThat(receiver.listeners().refresh()).as("the sender never waited: it is not counted").isZero();
            assertThat(sender.listeners().refresh()).isEqualTo(1);
            assertThat(sender.listeners().othersListen()).as("so its sends notify").isTrue();
        }
    }

    private static OutgoingMessage message(String body) {
        return new OutgoingMessage(body, Map.of());
    }
}
