package io.sluice.functions.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.testkit.contract.TaskQueueContract;
import io.sluice.testkit.fake.InMemoryObjectStore;
import io.sluice.testkit.fake.InMemoryTaskQueue;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The claim-check decorator is still a queue (it passes the contract), and moves large bodies by reference. */
class ClaimCheckQueueTest extends TaskQueueContract {
    private final InMemoryObjectStore objects = new InMemoryObjectStore();
    private final InMemoryTaskQueue inner = new InMemoryTaskQueue(Clock.systemUTC(), 3);

    @Override
    protected TaskQueue createQueue() {
        return new ClaimCheckQueue(inner, objects, 1024);
    }

    @Test
    void aBodyOverTheLimitTravelsThroughTheObjectStoreAndComesBackWhole() {
        TaskQueue queue = createQueue();
        String big = "{\"rows\": \"" + "x".repeat(5000) + "\"}";
        queue.send("claims", new OutgoingMessage(big, Map.of("executionId", "e1")), Duration.ZERO);
        queue.send("claims", OutgoingMessage.of("{\"small\": true}"), Duration.ZERO);

        List<ReceivedMessage> raw = inner.receive("claims", 10, Duration.ofMillis(1), Duration.ZERO);
        assertThat(raw).hasSize(2);
        assertThat(raw).allSatisfy(m -> assertThat(m.body().length()).isLessThan(1024));
        assertThat(objects.size()).isEqualTo(1);

        List<ReceivedMessage> got = new java.util.ArrayList<>();
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5))
                .until(() -> got.addAll(queue.receive("claims", 10, Duration.ofSeconds(30), Duration.ZERO)) && got.size() == 2);
        assertThat(got).extracting(ReceivedMessage::body).containsExactlyInAnyOrder(big, "{\"small\": true}");
        assertThat(got).filteredOn(m -> m.body().equals(big)).singleElement()
                .satisfies(m -> assertThat(m.attributes()).containsEntry("executionId", "e1"));
    }
}
