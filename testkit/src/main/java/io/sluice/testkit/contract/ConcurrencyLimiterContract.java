package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ConcurrencyLimiter;
import io.sluice.orchestration.port.ConcurrencyLimiter.Held;
import io.sluice.orchestration.port.ConcurrencyLimiter.Slot;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link ConcurrencyLimiter} passes this suite. Time is passed in, so nothing here waits. */
public abstract class ConcurrencyLimiterContract {
    private static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(30);

    private ConcurrencyLimiter limiter;
    private String channel;
    private String tenant;

    protected abstract ConcurrencyLimiter createLimiter();

    @BeforeEach
    void setUp() {
        limiter = createLimiter();
        channel = "channel-" + UUID.randomUUID();
        tenant = "tenant-" + UUID.randomUUID();
    }

    @Test
    void holdsUpToTheLimitThenNamesTheFullKeyAndReleasingMakesRoom() {
        List<Slot> two = List.of(new Slot(channel, 2));
        assertThat(limiter.tryHold(two, "a", T0, LEASE)).isEqualTo(Held.GRANTED);
        assertThat(limiter.tryHold(two, "b", T0, LEASE)).isEqualTo(Held.GRANTED);
        assertThat(limiter.tryHold(two, "c", T0, LEASE)).isEqualTo(Held.fullAt(channel));
        assertThat(limiter.held(channel, T0)).isEqualTo(2);
        limiter.release(List.of(channel), "a");
        assertThat(limiter.tryHold(two, "c", T0, LEASE)).isEqualTo(Held.GRANTED);
        assertThat(limiter.held(channel, T0)).isEqualTo(2);
    }

    @Test
    void aHolderHoldingAlreadyKeepsItsSlot() {
        List<Slot> one = List.of(new Slot(channel, 1));
        assertThat(limiter.tryHold(one, "a", T0, LEASE).granted()).isTrue();
        assertThat(limiter.tryHold(one, "a", T0.plusSeconds(1), LEASE).granted()).isTrue();
        assertThat(limiter.held(channel, T0.plusSeconds(1))).isEqualTo(1);
    }

    @Test
    void severalKeysAreAllOrNone() {
        List<Slot> both = List.of(new Slot(channel, 5), new Slot(tenant, 1));
        assertThat(limiter.tryHold(both, "a", T0, LEASE).granted()).isTrue();
        assertThat(limiter.tryHold(both, "b", T0, LEASE)).isEqualTo(Held.fullAt(tenant));
        assertThat(limiter.held(channel, T0)).as("the refused hold took no channel slot").isEqualTo(1);
    }

    @Test
    void anUnreleasedHoldLapsesWithItsLease() {
        List<Slot> one = List.of(new Slot(channel, 1));
        limiter.tryHold(one, "crashed", T0, LEASE);
        assertThat(limiter.tryHold(one, "b", T0.plus(LEASE).minusMillis(1), LEASE).granted()).isFalse();
        assertThat(limiter.tryHold(one, "b", T0.plus(LEASE).plusMillis(1), LEASE).granted()).isTrue();
    }

    @Test
    void tenThreadsNeverHoldMoreThanTheLimit() throws Exception {
        AtomicInteger n = new AtomicInteger();
        List<Boolean> granted = Concurrently.run(10, () -> limiter.tryHold(List.of(new Slot(channel, 3)), "h" + n.incrementAndGet(), T0,
                LEASE).granted());
        assertThat(granted.stream().filter(g -> g).count()).isEqualTo(3);
        assertThat(limiter.held(channel, T0)).isEqualTo(3);
    }
}
