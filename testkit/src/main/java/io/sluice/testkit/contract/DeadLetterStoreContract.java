package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.DeadLetterStore;
import io.sluice.orchestration.port.DeadLetterStore.DeadLetter;
import io.sluice.orchestration.port.DeadLetterStore.NewLetter;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link DeadLetterStore} passes this suite; {@link #createStore(int)} makes one that keeps {@code bound} letters per tenant. */
public abstract class DeadLetterStoreContract {
    private static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");
    private static final AtomicInteger IDS = new AtomicInteger();

    private DeadLetterStore store;
    private String tenant;

    protected abstract DeadLetterStore createStore(int bound);

    @BeforeEach
    void setUp() {
        store = createStore(100);
        tenant = "acme-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static NewLetter letter(String queue, String body) {
        String id = UUID.randomUUID().toString().replace("-", "");
        return new NewLetter(id, queue, "m-" + IDS.incrementAndGet(), "orders:2026-11-29", body, Map.of("executionId", "orders:2026-11-29"),
                true, "failed 5 times");
    }

    @Test
    void aLetterIsKeptWithItsMessageAndCountsUpWhenRecordedAgain() {
        NewLetter l = letter("sluice-orchestrator", "{\"type\":\"result\"}");
        DeadLetter first = store.record(tenant, l, T0);
        assertThat(first.count()).isEqualTo(1);
        assertThat(first.firstSeen()).isEqualTo(T0);
        DeadLetter again = store.record(tenant, l, T0.plusSeconds(60));
        assertThat(again.count()).isEqualTo(2);
        assertThat(again.firstSeen()).isEqualTo(T0);
        assertThat(again.lastSeen()).isEqualTo(T0.plusSeconds(60));
        DeadLetter found = store.find(tenant, l.id()).orElseThrow();
        assertThat(found.message()).isEqualTo(l);
        assertThat(found.count()).isEqualTo(2);
        assertThat(found.lastSeen()).isEqualTo(T0.plusSeconds(60));
    }

    @Test
    void queuesAreSummedAndListsAreNewestFirstAndPaged() {
        NewLetter a = letter("q-a", "1");
        NewLetter b = letter("q-b", "2");
        NewLetter c = letter("q-a", "3");
        store.record(tenant, a, T0);
        store.record(tenant, b, T0.plusSeconds(1));
        store.record(tenant, c, T0.plusSeconds(2));
        assertThat(store.queues(tenant)).containsExactly(
                new DeadLetterStore.QueueSummary("q-a", 2, T0, T0.plusSeconds(2)),
                new DeadLetterStore.QueueSummary("q-b", 1, T0.plusSeconds(1), T0.plusSeconds(1)));
        assertThat(ids(store.list(tenant, null, 0, 10))).containsExactly(c.id(), b.id(), a.id());
        assertThat(ids(store.list(tenant, null, 1, 1))).containsExactly(b.id());
        assertThat(ids(store.list(tenant, "q-a", 0, 10))).containsExactly(c.id(), a.id());
        assertThat(ids(store.list(tenant, "q-a", 1, 10))).containsExactly(a.id());
        assertThat(store.list(tenant, "q-none", 0, 10)).isEmpty();
    }

    @Test
    void tenantsNeverSeeEachOthersLetters() {
        NewLetter l = letter("q", "x");
        store.record(tenant, l, T0);
        String other = tenant + "-other";
        assertThat(store.find(other, l.id())).isEmpty();
        assertThat(store.find(null, l.id())).isEmpty();
        assertThat(store.list(other, null, 0, 10)).isEmpty();
        assertThat(store.queues(other)).isEmpty();
        assertThat(store.remove(other, l.id())).isFalse();
        assertThat(store.find(tenant, l.id())).isPresent();
        NewLetter platform = letter("q", "y");
        store.record(null, platform, T0);
        assertThat(ids(store.list(null, null, 0, 10))).contains(platform.id()).doesNotContain(l.id());
        assertThat(store.remove(null, platform.id())).isTrue();
    }

    @Test
    void aRemovedLetterIsGoneOnceAndAnUnknownOrMalformedIdIsNotFound() {
        NewLetter l = letter("q", "x");
        store.record(tenant, l, T0);
        assertThat(store.remove(tenant, l.id())).isTrue();
        assertThat(store.remove(tenant, l.id())).isFalse();
        assertThat(store.find(tenant, l.id())).isEmpty();
        assertThat(store.queues(tenant)).isEmpty();
        assertThat(store.find(tenant, "../../etc")).isEmpty();
        assertThat(store.remove(tenant, "*")).isFalse();
    }

    @Test
    void pastItsBoundTheLetterSeenLongestAgoIsDropped() {
        DeadLetterStore small = createStore(2);
        NewLetter a = letter("q", "a");
        NewLetter b = letter("q", "b");
        NewLetter c = letter("q", "c");
        small.record(tenant, a, T0);
        small.record(tenant, b, T0.plusSeconds(1));
        small.record(tenant, a, T0.plusSeconds(2)); // seen again: now b is the oldest
        small.record(tenant, c, T0.plusSeconds(3));
        assertThat(ids(small.list(tenant, null, 0, 10))).containsExactly(c.id(), a.id());
        assertThat(small.find(tenant, b.id())).isEmpty();
        assertThat(small.queues(tenant)).singleElement().extracting(DeadLetterStore.QueueSummary::messages).isEqualTo(2L);
        small.remove(tenant, a.id());
        small.remove(tenant, c.id());
    }

    @Test
    void tenThreadsRecordingOneMessageCountTen() throws Exception {
        NewLetter l = letter("q", "x");
        Concurrently.run(10, () -> store.record(tenant, l, T0));
        assertThat(store.find(tenant, l.id()).orElseThrow().count()).isEqualTo(10);
        assertThat(store.list(tenant, null, 0, 10)).hasSize(1);
        store.remove(tenant, l.id());
    }

    private static List<String> ids(List<DeadLetter> letters) {
        return letters.stream().map(DeadLetter::id).toList();
    }
}
