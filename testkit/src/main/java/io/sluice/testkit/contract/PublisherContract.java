package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.Publisher;
import io.sluice.orchestration.port.Publisher.Delivered;
import io.sluice.orchestration.port.Publisher.Message;
import io.sluice.orchestration.port.Publisher.Published;
import io.sluice.orchestration.port.Publisher.Target;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link Publisher} passes this suite. */
public abstract class PublisherContract {
    private Publisher publisher;
    private String ns;
    private final Target topic = new Target(Target.Kind.TOPIC, "orders-done");

    protected abstract Publisher createPublisher();

    @BeforeEach
    void setUp() {
        publisher = createPublisher();
        ns = "ns-" + UUID.randomUUID();
    }

    @Test
    void publishedMessagesAreReadBackInOrderWithTheirAttributes() {
        Published a = publisher.publish(ns, topic, new Message("m-1", "first", Map.of("Subject", "done")));
        Published b = publisher.publish(ns, topic, new Message("m-2", "{\"n\": 2}", Map.of()));
        assertThat(a.messageId()).isEqualTo("m-1");
        assertThat(b.position()).isGreaterThan(a.position());
        List<Delivered> read = publisher.read(ns, topic, null, 10);
        assertThat(read).extracting(d -> d.message().body()).containsExactly("first", "{\"n\": 2}");
        assertThat(read.getFirst().message().attributes()).isEqualTo(Map.of("Subject", "done"));
        assertThat(read.getFirst().message().id()).isEqualTo("m-1");
        assertThat(publisher.read(ns, topic, a.position(), 10)).extracting(Delivered::position).containsExactly(b.position());
        assertThat(publisher.read(ns, topic, null, 1)).hasSize(1);
    }

    @Test
    void publishingAnIdAgainAddsNothingAndReturnsTheFirstReceipt() {
        Published first = publisher.publish(ns, topic, new Message("m-1", "once", Map.of()));
        Published again = publisher.publish(ns, topic, new Message("m-1", "once", Map.of()));
        assertThat(again).isEqualTo(first);
        assertThat(publisher.read(ns, topic, null, 10)).hasSize(1);
    }

    @Test
    void targetsAndNamespacesAreApart() {
        publisher.publish(ns, topic, new Message("m-1", "topic", Map.of()));
        publisher.publish(ns, new Target(Target.Kind.QUEUE, "orders-done"), new Message("m-1", "queue", Map.of()));
        assertThat(publisher.read(ns, topic, null, 10)).extracting(d -> d.message().body()).containsExactly("topic");
        assertThat(publisher.read("other-" + ns, topic, null, 10)).isEmpty();
    }

    @Test
    void tenThreadsPublishingOneIdPublishOnce() throws Exception {
        List<Published> receipts = Concurrently.run(10, () -> publisher.publish(ns, topic, new Message("same", "x", Map.of())));
        assertThat(receipts).containsOnly(receipts.getFirst());
        assertThat(publisher.read(ns, topic, null, 100)).hasSize(1);
    }
}
