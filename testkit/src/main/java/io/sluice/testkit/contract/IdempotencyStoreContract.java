package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.IdempotencyStore;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link IdempotencyStore} passes this suite. Time is passed in, so nothing here waits. */
public abstract class IdempotencyStoreContract {
    protected static final Instant T0 = Instant.parse("2026-11-29T00:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final Duration KEEP = Duration.ofDays(1);

    private IdempotencyStore store;
    private String key;

    protected abstract IdempotencyStore createStore();

    @BeforeEach
    void setUp() {
        store = createStore();
        key = "token-" + UUID.randomUUID();
    }

    @Test
    void theFirstClaimWinsAndOthersAreBusyUntilTheLeaseEnds() {
        assertThat(store.claim(key, "w1", T0, LEASE)).isEqualTo(new ClaimResult.Claimed(false));
        assertThat(store.claim(key, "w2", T0.plusSeconds(10), LEASE)).isEqualTo(new ClaimResult.Busy("w1", T0.plus(LEASE)));
        assertThat(store.read(key)).hasValueSatisfying(r -> {
            assertThat(r.owner()).isEqualTo("w1");
            assertThat(r.completed()).isFalse();
        });
    }

    @Test
    void anExpiredLeaseIsTakenOverAndTheOldOwnerLosesIt() {
        store.claim(key, "w1", T0, LEASE);
        assertThat(store.claim(key, "w2", T0.plus(LEASE).plusSeconds(1), LEASE)).isEqualTo(new ClaimResult.Claimed(true));
        assertThat(store.extend(key, "w1", T0.plus(LEASE).plusSeconds(2), LEASE)).isFalse();
        assertThat(store.complete(key, "w1", "late", T0.plus(LEASE).plusSeconds(2), KEEP)).isFalse();
        assertThat(store.complete(key, "w2", "mine", T0.plus(LEASE).plusSeconds(3), KEEP)).isTrue();
        assertThat(store.read(key).orElseThrow().result()).isEqualTo("mine");
    }

    @Test
    void extendingKeepsOthersOut() {
        store.claim(key, "w1", T0, LEASE);
        assertThat(store.extend(key, "w1", T0.plusSeconds(25), LEASE)).isTrue();
        assertThat(store.claim(key, "w2", T0.plusSeconds(40), LEASE)).isInstanceOf(ClaimResult.Busy.class);
        assertThat(store.claim(key, "w2", T0.plusSeconds(56), LEASE)).isEqualTo(new ClaimResult.Claimed(true));
    }

    @Test
    void aCompletedTokenReplaysItsResultAndIsNeverClaimedAgain() {
        store.claim(key, "w1", T0, LEASE);
        assertThat(store.complete(key, "w1", "{\"rows\":3}", T0.plusSeconds(1), KEEP)).isTrue();
        assertThat(store.claim(key, "w2", T0.plusSeconds(2), LEASE)).isEqualTo(new ClaimResult.Completed("{\"rows\":3}"));
        assertThat(store.claim(key, "w1", T0.plus(LEASE).plusSeconds(100), LEASE)).isEqualTo(new ClaimResult.Completed("{\"rows\":3}"));
        assertThat(store.complete(key, "w1", "again", T0.plusSeconds(3), KEEP)).isFalse();
        assertThat(store.extend(key, "w1", T0.plusSeconds(3), LEASE)).isFalse();
        assertThat(store.read(key).orElseThrow().result()).isEqualTo("{\"rows\":3}");
    }

    @Test
    void aStrangerCannotCompleteOrExtendAndUnknownTokensReadEmpty() {
        store.claim(key, "w1", T0, LEASE);
        assertThat(store.complete(key, "w2", "x", T0, KEEP)).isFalse();
        assertThat(store.extend(key, "w2", T0, LEASE)).isFalse();
        assertThat(store.complete("never-" + key, "w1", "x", T0, KEEP)).isFalse();
        assertThat(store.read("never-" + key)).isEmpty();
    }

    @Test
    void reclaimingByTheSameOwnerIsNotATakeover() {
        store.claim(key, "w1", T0, LEASE);
        assertThat(store.claim(key, "w1", T0.plusSeconds(1), LEASE)).isEqualTo(new ClaimResult.Claimed(false));
    }

    @Test
    void aReleasedClaimIsFreeAtOnceAndOnlyItsOwnerMayReleaseAnUnfinishedOne() {
        store.claim(key, "w1", T0, LEASE);
        assertThat(store.release(key, "w2")).isFalse();
        assertThat(store.claim(key, "w2", T0.plusSeconds(1), LEASE)).isInstanceOf(ClaimResult.Busy.class);
        assertThat(store.release(key, "w1")).isTrue();
        assertThat(store.release(key, "w1")).isFalse();
        assertThat(store.claim(key, "w2", T0.plusSeconds(2), LEASE)).isEqualTo(new ClaimResult.Claimed(false));
        assertThat(store.complete(key, "w2", "done", T0.plusSeconds(3), KEEP)).isTrue();
        assertThat(store.release(key, "w2")).isFalse();
        assertThat(store.read(key).orElseThrow().result()).isEqualTo("done");
        assertThat(store.release("never-" + key, "w1")).isFalse();
    }

    @Test
    void tenThreadsClaimingOneTokenProduceExactlyOneOwner() throws Exception {
        List<ClaimResult> results = Concurrently.run(10, () ->
                store.claim(key, "w-" + Thread.currentThread().threadId(), T0, LEASE));
        assertThat(results).filteredOn(r -> r instanceof ClaimResult.Claimed).hasSize(1);
        assertThat(results).filteredOn(r -> r instanceof ClaimResult.Busy).hasSize(9);
    }
}
