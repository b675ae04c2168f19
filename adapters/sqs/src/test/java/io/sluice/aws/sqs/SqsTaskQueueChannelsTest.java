package io.sluice.aws.sqs;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.TaskQueue.FirstReceived;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.testkit.sqs.ElasticMqServer;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Priority channels on SQS (ElasticMQ in this JVM): a queue per channel by suffix, P0 received first, a channel's backlog. */
class SqsTaskQueueChannelsTest {
    private static ElasticMqServer server;
    private static SqsTaskQueue queue;

    @BeforeAll
    static void startServer() {
        server = ElasticMqServer.start();
        queue = SqsTaskQueue.connect(SqsQueueSettings.local(server.endpoint(), ElasticMqServer.REGION, 3).withFifo(false));
    }

    @AfterAll
    static void stopServer() {
        if (queue != null) {
            queue.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theP0ChannelIsReceivedBeforeAP3BacklogAndTheBacklogIsCounted() {
        String task = "t-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> channels = List.of(task + "-p0", task + "-p1", task, task + "-p3");
        for (int i = 0; i < 25; i++) {
            queue.send(task + "-p3", OutgoingMessage.of("low-" + i), Duration.ZERO);
        }
        queue.send(task + "-p0", OutgoingMessage.of("urgent"), Duration.ZERO);
        assertThat(queue.backlog(task + "-p3").orElseThrow().visible()).isEqualTo(25);
        assertThat(queue.backlog(task + "-p0").orElseThrow().visible()).isEqualTo(1);
        FirstReceived first = queue.receiveFirst(channels, 10, Duration.ofSeconds(30), Duration.ofSeconds(5));
        assertThat(first.queue()).isEqualTo(task + "-p0");
        assertThat(first.messages()).extracting(m -> m.body()).containsExactly("urgent");
        FirstReceived next = queue.receiveFirst(channels, 10, Duration.ofSeconds(30), Duration.ofSeconds(5));
        assertThat(next.queue()).isEqualTo(task + "-p3");
    }
}
