package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.port.ReplayGuard;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link ReplayGuard} passes this suite. */
public abstract class ReplayGuardContract {
    private static final Duration KEEP = Duration.ofMinutes(10);

    private ReplayGuard guard;
    private String key;

    protected abstract ReplayGuard createGuard();

    @BeforeEach
    void setUp() {
        guard = createGuard();
        key = "sig-" + UUID.randomUUID();
    }

    @Test
    void theFirstSightIsTrueAndEveryLaterOneFalse() {
        Instant now = Instant.now();
        assertThat(guard.firstSeen(key, now, KEEP)).isTrue();
        assertThat(guard.firstSeen(key, now, KEEP)).isFalse();
        assertThat(guard.firstSeen(key, now.plusSeconds(1), KEEP)).isFalse();
        assertThat(guard.firstSeen(key + "-other", now, KEEP)).isTrue();
    }

    @Test
    void aForgottenKeyIsFirstSeenAgainAndOthersStaySeen() {
        Instant now = Instant.now();
        assertThat(guard.firstSeen(key, now, KEEP)).isTrue();
        assertThat(guard.firstSeen(key + "-kept", now, KEEP)).isTrue();
        guard.forget(key);
        guard.forget(key + "-never-seen");
        assertThat(guard.firstSeen(key, now, KEEP)).isTrue();
        assertThat(guard.firstSeen(key, now, KEEP)).isFalse();
        assertThat(guard.firstSeen(key + "-kept", now, KEEP)).isFalse();
    }

    /** The Redis guard expires keys by the server's clock, the fake by the caller's: both pass with real time. */
    @Test
    void aMarkExpires() {
        assertThat(guard.firstSeen(key, Instant.now(), Duration.ofMillis(300))).isTrue();
        await().atMost(Duration.ofSeconds(5)).pollInterval(Duration.ofMillis(100))
                .until(() -> guard.firstSeen(key, Instant.now(), Duration.ofMillis(300)));
    }

    @Test
    void tenThreadsRacingExactlyOneIsFirst() throws Exception {
        Instant now = Instant.now();
        List<Boolean> first = Concurrently.run(10, () -> guard.firstSeen(key, now, KEEP));
        assertThat(first).containsOnlyOnce(true);
    }
}
