package io.sluice.aws.sqs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;
import software.amazon.awssdk.services.sqs.model.QueueDoesNotExistException;

/**
 * One delayed queue for every FIFO queue ({@link SqsQueueSettings#withDelayedQueue}): each delayed message carries the
 * queue it is for, and is moved there, in its group and with its id, whoever moves it (a receive, or the delayed-forwarder
 * on Lambda). ElasticMQ in this JVM; a plain client looks at what the adapter left on the server.
 */
class SharedDelayedQueueTest {
    private static final Duration VISIBLE = Duration.ofSeconds(30);
    private static ElasticMqServer server;
    private static SqsClient sqs;

    @BeforeAll
    static void startServer() {
        server = ElasticMqServer.start();
        sqs = SqsClients.create(SqsQueueSettings.local(server.endpoint(), ElasticMqServer.REGION, 3));
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

    private static String prefix() {
        return "d" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static SqsTaskQueue shared(String prefix) {
        return new SqsTaskQueue(sqs, SqsQueueSettings.local(server.endpoint(), ElasticMqServer.REGION, 3).withDelayedQueue(prefix + "-delayed"));
    }

    @Test
    void delayedMessagesOfTwoQueuesWaitInTheOneDelayedQueueNamingTheirQueueAndNoCompanionIsMade() {
        String p = prefix();
        SqsTaskQueue queue = shared(p);
        queue.send(p + "-orchestrator", new OutgoingMessage("timer", Map.of("executionId", "e:1"), "e:1", "timer:1"), Duration.ofSeconds(1));
        queue.send(p + "-task-fetch", new OutgoingMessage("retry", Map.of(), "t:1", "retry:1"), Duration.ofSeconds(1));

        String delayedUrl = sqs.getQueueUrl(b -> b.queueName(p + "-delayed")).queueUrl();
        List<Message> waiting = new java.util.ArrayList<>();
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            waiting.addAll(sqs.receiveMessage(b -> b.queueUrl(delayedUrl).maxNumberOfMessages(10).waitTimeSeconds(1)
                    .visibilityTimeout(0).messageAttributeNames("All")).messages());
            return waiting.stream().map(Message::body).distinct().count() == 2;
        });
        Map<String, String> targets = new HashMap<>();
        waiting.forEach(m -> targets.put(m.body(), m.messageAttributes().get(SqsTaskQueue.TARGET_ATTRIBUTE).stringValue()));
        assertThat(targets).containsEntry("timer", p + "-orchestrator").containsEntry("retry", p + "-task-fetch");
        for (String companion : List.of(p + "-orchestrator-delayed", p + "-task-fetch-delayed")) {
            assertThatThrownBy(() -> sqs.getQueueUrl(b -> b.queueName(companion))).as(companion).isInstanceOf(QueueDoesNotExistException.class);
        }
    }

    @Test
    void aReceiveMovesEachDueMessageIntoTheQueueItNamesInItsGroup() {
        String p = prefix();
        SqsTaskQueue queue = shared(p);
        queue.send(p + "-orchestrator", new OutgoingMessage("timer", Map.of("executionId", "e:2"), "e:2", "timer:2"), Duration.ofSeconds(1));
        queue.send(p + "-events", new OutgoingMessage("event", Map.of(), "e:2", "event:2"), Duration.ofSeconds(1));

        // A receive of the orchestrator's queue moves both due messages, each to its own queue.
        ReceivedMessage timer = await().atMost(Duration.ofSeconds(15))
                .until(() -> queue.receive(p + "-orchestrator", 10, VISIBLE, Duration.ofSeconds(1)), l -> !l.isEmpty()).getFirst();
        assertThat(timer.body()).isEqualTo("timer");
        assertThat(timer.attributes()).as("the waiting attributes stay behind").containsOnlyKeys("executionId");
        ReceivedMessage event = await().atMost(Duration.ofSeconds(15))
                .until(() -> queue.receive(p + "-events", 10, VISIBLE, Duration.ofSeconds(1)), l -> !l.isEmpty()).getFirst();
        assertThat(event.body()).isEqualTo("event");
    }

    @Test
    void theForwarderSendsAMessageOfTheDelayedQueueToItsQueueOnceHoweverOftenItIsHandedOver() {
        String p = prefix();
        SqsTaskQueue queue = shared(p);
        Map<String, String> waiting = Map.of("executionId", "e:3", SqsTaskQueue.GROUP_ATTRIBUTE, "e:3", SqsTaskQueue.ID_ATTRIBUTE, "timer:3",
                SqsTaskQueue.TARGET_ATTRIBUTE, p + "-orchestrator");
        queue.forwardDelayed(p + "-delayed", "timer", waiting, "m-3");
        queue.forwardDelayed(p + "-delayed", "timer", waiting, "m-3");

        String fifoUrl = sqs.getQueueUrl(b -> b.queueName(p + "-orchestrator.fifo")).queueUrl();
        List<Message> moved = sqs.receiveMessage(b -> b.queueUrl(fifoUrl).maxNumberOfMessages(10).waitTimeSeconds(1)
                .messageAttributeNames("All").messageSystemAttributeNames(MessageSystemAttributeName.MESSAGE_GROUP_ID)).messages();
        assertThat(moved).singleElement().satisfies(m -> {
            assertThat(m.body()).isEqualTo("timer");
            assertThat(m.attributes()).containsEntry(MessageSystemAttributeName.MESSAGE_GROUP_ID, "e:3");
            assertThat(m.messageAttributes()).containsOnlyKeys("executionId");
        });
    }

    @Test
    void aMessageOfAnOlderCompanionQueueStillGoesToItsQueue() {
        String p = prefix();
        shared(p).forwardDelayed(p + "-orchestrator-delayed", "old", Map.of(SqsTaskQueue.GROUP_ATTRIBUTE, "e:4"), "m-4");

        String fifoUrl = sqs.getQueueUrl(b -> b.queueName(p + "-orchestrator.fifo")).queueUrl();
        assertThat(sqs.receiveMessage(b -> b.queueUrl(fifoUrl).waitTimeSeconds(1)).messages()).singleElement()
                .satisfies(m -> assertThat(m.body()).isEqualTo("old"));
    }

    @Test
    void aMessageOfTheDelayedQueueThatNamesNoFifoQueueIsRefusedByName() {
        String p = prefix();
        SqsTaskQueue queue = shared(p);
        assertThatThrownBy(() -> queue.forwardDelayed(p + "-delayed", "x", Map.of(), "m-5"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(SqsTaskQueue.TARGET_ATTRIBUTE);
        assertThatThrownBy(() -> queue.forwardDelayed(p + "-delayed", "x", Map.of(SqsTaskQueue.TARGET_ATTRIBUTE, p + "-orchestrator-dlq"), "m-6"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a delayed or dead-letter queue");
    }

    @Test
    void theDelayedQueueMustBeNamedAsOne() {
        SqsQueueSettings settings = SqsQueueSettings.local(server.endpoint(), ElasticMqServer.REGION, 3);
        assertThatThrownBy(() -> settings.withDelayedQueue("sluice-timers"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("delayedQueue").hasMessageContaining("-delayed");
    }

    @Test
    void aDelayedMessageWithTooManyAttributesToWaitIsRefusedBeforeSending() {
        String p = prefix();
        Map<String, String> eight = new HashMap<>();
        for (int i = 0; i < 8; i++) {
            eight.put("a" + i, "v");
        }
        assertThatThrownBy(() -> shared(p).send(p + "-orchestrator", new OutgoingMessage("x", eight, "g", "id"), Duration.ofSeconds(5)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at most 10").hasMessageContaining("waits with 3 more");
    }
}
