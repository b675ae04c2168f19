package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.DependencyIndex;
import io.sluice.orchestration.port.DependencyIndex.Upstream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link DependencyIndex} passes this suite. */
public abstract class DependencyIndexContract {
    private static final Instant EXPIRES = Instant.parse("2099-01-01T00:00:00Z");

    private DependencyIndex index;
    private Upstream orders;
    private Upstream rates;

    protected abstract DependencyIndex createIndex();

    @BeforeEach
    void setUp() {
        index = createIndex();
        String run = UUID.randomUUID().toString();
        orders = new Upstream("orders-" + run, "2026-11-29");
        rates = new Upstream("rates-" + run, "2026-11-29");
    }

    @Test
    void aTaskWaitsForWhatIsMissingAndWakesWhenTheLastOneSucceeds() {
        assertThat(index.await("t1", Set.of(orders, rates), EXPIRES)).containsExactlyInAnyOrder(orders, rates);
        assertThat(index.succeeded(orders, EXPIRES)).isEmpty();
        assertThat(index.succeeded(rates, EXPIRES)).containsExactly("t1");
        assertThat(index.hasSucceeded(orders)).isTrue();
    }

    @Test
    void whatSucceededBeforeIsNotAwaited() {
        index.succeeded(orders, EXPIRES);
        assertThat(index.await("t1", Set.of(orders), EXPIRES)).isEmpty();
        assertThat(index.await("t2", Set.of(orders, rates), EXPIRES)).containsExactly(rates);
    }

    @Test
    void partitionsAreSeparate() {
        index.succeeded(new Upstream(orders.pipeline(), "2026-11-28"), EXPIRES);
        assertThat(index.await("t1", Set.of(orders), EXPIRES)).containsExactly(orders);
        assertThat(index.hasSucceeded(orders)).isFalse();
    }

    @Test
    void aReadyTokenIsReturnedAgainUntilReleased() {
        index.await("t1", Set.of(orders), EXPIRES);
        assertThat(index.succeeded(orders, EXPIRES)).containsExactly("t1");
        assertThat(index.succeeded(orders, EXPIRES)).containsExactly("t1");
        index.release("t1");
        assertThat(index.succeeded(orders, EXPIRES)).isEmpty();
    }

    @Test
    void theWaitingTokensAreCountedUntilReleasedOrExpired() {
        Instant now = Instant.now();
        assertThat(index.waiting(now)).isZero();
        index.await("t1", Set.of(orders), EXPIRES);
        index.await("t2", Set.of(orders, rates), EXPIRES);
        index.succeeded(rates, EXPIRES);
        assertThat(index.await("t3", Set.of(rates), EXPIRES)).as("nothing missing: not registered").isEmpty();
        assertThat(index.waiting(now)).isEqualTo(2);
        index.release("t1");
        assertThat(index.waiting(now)).isEqualTo(1);
        assertThat(index.waiting(EXPIRES.plusSeconds(1))).as("a registration past its expiry waits no more").isZero();
    }

    @Test
    void severalTasksWaitingForOneUpstreamAllWake() {
        index.await("t1", Set.of(orders), EXPIRES);
        index.await("t2", Set.of(orders), EXPIRES);
        index.await("t3", Set.of(orders, rates), EXPIRES);
        assertThat(index.succeeded(orders, EXPIRES)).containsExactlyInAnyOrder("t1", "t2");
    }

    @Test
    void tenRacesBetweenWaitingAndSucceedingLoseNoWakeUp() throws Exception {
        for (int i = 0; i < 10; i++) {
            Upstream u = new Upstream(orders.pipeline() + "-" + i, orders.partition());
            String token = "race-" + i;
            CountDownLatch go = new CountDownLatch(1);
            List<String> woken = new ArrayList<>();
            Thread succeeder = Thread.ofPlatform().start(() -> {
                awaitQuietly(go);
                synchronized (woken) {
                    woken.addAll(index.succeeded(u, EXPIRES));
                }
            });
            go.countDown();
            Set<Upstream> missing = index.await(token, Set.of(u), EXPIRES);
            succeeder.join();
            boolean wokenByCompletion;
            synchronized (woken) {
                wokenByCompletion = woken.contains(token);
            }
            assertThat(missing.isEmpty() || wokenByCompletion).as("race %d: the task either saw the success or was woken by it", i).isTrue();
        }
    }

    @Test
    void tenThreadsWaitingOnOneUpstreamAllWakeOnce() throws Exception {
        List<Set<Upstream>> missing = Concurrently.run(10, () -> index.await("w-" + Thread.currentThread().threadId(), Set.of(orders), EXPIRES));
        assertThat(missing).allSatisfy(m -> assertThat(m).containsExactly(orders));
        assertThat(index.succeeded(orders, EXPIRES)).hasSize(10).doesNotHaveDuplicates();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
