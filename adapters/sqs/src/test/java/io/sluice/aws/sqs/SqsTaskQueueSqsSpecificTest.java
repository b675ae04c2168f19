package io.sluice.aws.sqs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * What the contract cannot say because it is about SQS: its limits, queue setup and redrive
 * policies, the wire form of attributes, and ElasticMQ's stricter receipt handling. Runs against
 * ElasticMQ in this JVM; a plain SqsClient looks at what the adapter left on the server.
 */
class SqsTaskQueueSqsSpecificTest {
    private static final int MAX_RECEIVES = 3;
    private static final Duration VISIBLE = Duration.ofSeconds(30);

    private static ElasticMqServer server;
    private static SqsQueueSettings settings;
    private static SqsClient sqs;
    private static SqsTaskQueue queue;

    @BeforeAll
    static void startServer() {
        server = ElasticMqServer.start();
        // Standard queues: these tests look at queues by their SQS names; FIFO queues pass the contract suite (SqsTaskQueueTest).
        settings = SqsQueueSettings.local(server.endpoint(), ElasticMqServer.REGION, MAX_RECEIVES).withFifo(false);
        sqs = SqsClients.create(settings);
        queue = new SqsTaskQueue(sqs, settings);
    }

    @AfterAll
    static void stopServer() {
        if (sqs != null) {
            sqs.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private static String newName() {
        return "s-" + UUID.randomUUID().toString().substring(0, 12);
    }

    @Test
    void delaysBeyondFifteenMinutesAreRefusedWithAPointerToTheTimerIndex() {
        String name = newName();
        assertThat(queue.maxDelay()).isEqualTo(Duration.ofMinutes(15));
        assertThatThrownBy(() -> queue.send(name, OutgoingMessage.of("x"), Duration.ofMinutes(15).plusSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("15 minutes")
                .hasMessageContaining("TimerIndex");
        assertThatCode(() -> queue.send(name, OutgoingMessage.of("x"), Duration.ofMinutes(15))).doesNotThrowAnyException();
    }

    @Test
    void aCreatedQueueRedrivesToItsDeadLetterQueueAfterMaxReceives() {
        String name = newName();
        queue.send(name, OutgoingMessage.of("x"), Duration.ZERO);
        String url = sqs.getQueueUrl(b -> b.queueName(name)).queueUrl();
        String policy = sqs.getQueueAttributes(b -> b.queueUrl(url).attributeNames(QueueAttributeName.REDRIVE_POLICY))
                .attributes().get(QueueAttributeName.REDRIVE_POLICY);
        assertThat(policy).contains(":" + name + "-dlq\"").containsPattern("\"maxReceiveCount\":\"?3\"?");
    }

    @Test
    void attributesTravelAsSqsStringMessageAttributes() {
        String name = newName();
        String traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";
        queue.send(name, new OutgoingMessage("{}", Map.of("traceparent", traceparent, "tenant", "acme")), Duration.ZERO);
        String url = sqs.getQueueUrl(b -> b.queueName(name)).queueUrl();
        List<Message> raw = sqs.receiveMessage(b -> b.queueUrl(url).messageAttributeNames("All").waitTimeSeconds(1)).messages();
        assertThat(raw).singleElement().satisfies(m -> assertThat(m.messageAttributes()).containsEntry("traceparent",
                MessageAttributeValue.builder().dataType("String").stringValue(traceparent).build()));
    }

    @Test
    void moreThanTenAttributesAreRefusedBeforeSending() {
        Map<String, String> eleven = new java.util.HashMap<>();
        for (int i = 0; i < 11; i++) {
            eleven.put("a" + i, "v");
        }
        assertThatThrownBy(() -> queue.send(newName(), new OutgoingMessage("x", eleven), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 10");
    }

    @Test
    void receiveAsksSqsForAtMostTenMessagesAndAtMostTwentySecondsOfWaiting() {
        String name = newName();
        for (int i = 0; i < 12; i++) {
            queue.send(name, OutgoingMessage.of("m" + i), Duration.ZERO);
        }
        // ElasticMQ, like SQS, rejects MaxNumberOfMessages > 10 and WaitTimeSeconds > 20: these would fail unclamped.
        List<ReceivedMessage> got = queue.receive(name, 50, VISIBLE, Duration.ofMinutes(5));
        assertThat(got).hasSizeBetween(1, 10);
    }

    @Test
    void aPoisonMessageIsNotDeliveredAfterMaxReceives() {
        String name = newName();
        queue.send(name, OutgoingMessage.of("poison"), Duration.ZERO);
        List<Integer> counts = new ArrayList<>();
        await().atMost(Duration.ofSeconds(15)).until(() -> {
            queue.receive(name, 1, Duration.ofSeconds(1), Duration.ofSeconds(1)).forEach(m -> counts.add(m.receiveCount()));
            return counts.size() == MAX_RECEIVES;
        });
        List<ReceivedMessage> dead = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            assertThat(queue.receive(name, 10, VISIBLE, Duration.ZERO)).as("a delivery beyond maxReceives").isEmpty();
            dead.addAll(queue.receive(queue.deadLetterQueue(name), 10, VISIBLE, Duration.ZERO));
            return !dead.isEmpty();
        });
        assertThat(counts).containsExactly(1, 2, 3);
        assertThat(dead).singleElement().satisfies(m -> assertThat(m.body()).isEqualTo("poison"));
    }

    @Test
    void acknowledgingTwiceOrWithAnOutdatedReceiptIsHarmless() {
        String name = newName();
        queue.send(name, OutgoingMessage.of("x"), Duration.ZERO);
        ReceivedMessage first = queue.receive(name, 1, Duration.ofSeconds(1), Duration.ofSeconds(1)).getFirst();
        List<ReceivedMessage> again = new ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> again.addAll(queue.receive(name, 1, VISIBLE, Duration.ZERO)));

        queue.acknowledge(name, first.receipt()); // outdated: the message was received again since
        queue.acknowledge(name, again.getFirst().receipt());
        queue.acknowledge(name, again.getFirst().receipt()); // already deleted

        assertThat(again.getFirst().receiveCount()).isEqualTo(2);
        assertThat(queue.receive(name, 10, VISIBLE, Duration.ZERO)).isEmpty();
    }

    @Test
    void withoutCreateQueuesAMissingQueueIsAClearError() {
        SqsTaskQueue strict = new SqsTaskQueue(sqs, new SqsQueueSettings(server.endpoint(), ElasticMqServer.REGION, null, false, MAX_RECEIVES, false));
        String name = newName();
        assertThatThrownBy(() -> strict.send(name, OutgoingMessage.of("x"), Duration.ZERO))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'" + name + "' does not exist")
                .hasMessageContaining(name + "-dlq");
    }

    @Test
    void anExistingQueueIsUsedWhenItsRedrivePolicyMatches() {
        String name = newName();
        queue.send(name, OutgoingMessage.of("made by another process"), Duration.ZERO);
        SqsTaskQueue strict = new SqsTaskQueue(sqs, new SqsQueueSettings(server.endpoint(), ElasticMqServer.REGION, null, false, MAX_RECEIVES, false));
        assertThat(strict.receive(name, 1, VISIBLE, Duration.ofSeconds(1)))
                .extracting(ReceivedMessage::body).containsExactly("made by another process");
    }

    @Test
    void anExistingQueueWithAnotherMaxReceiveCountIsRefused() {
        String name = newName();
        queue.send(name, OutgoingMessage.of("x"), Duration.ZERO);
        SqsTaskQueue five = SqsTaskQueue.connect(SqsQueueSettings.local(server.endpoint(), ElasticMqServer.REGION, 5).withFifo(false));
        try (five) {
            assertThatThrownBy(() -> five.receive(name, 1, VISIBLE, Duration.ZERO))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("after 5 receives");
        }
    }

    @Test
    void anExistingQueueWithoutRedrivePolicyIsRefused() {
        String name = newName();
        sqs.createQueue(b -> b.queueName(name));
        assertThatThrownBy(() -> queue.send(name, OutgoingMessage.of("x"), Duration.ZERO))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("has no redrive policy");
    }

    @Test
    void queueNamesAreCheckedBeforeCallingSqs() {
        assertThatThrownBy(() -> queue.send("orders.fifo", OutgoingMessage.of("x"), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("standard SQS queue name");
        assertThatThrownBy(() -> queue.send("q".repeat(77), OutgoingMessage.of("x"), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dead-letter queue");
    }
}
