package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.RateLimiter;
import io.sluice.orchestration.port.RateLimiter.Decision;
import io.sluice.orchestration.port.RateLimiter.Limit;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link RateLimiter} passes this suite. Time is passed in, so nothing here waits. */
public abstract class RateLimiterContract {
    private static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");
    private static final Limit TWO_PER_SECOND_BURST_3 = new Limit(2.0, 3);

    private RateLimiter limiter;
    private String bucket;

    protected abstract RateLimiter createLimiter();

    @BeforeEach
    void setUp() {
        limiter = createLimiter();
        bucket = "target-" + UUID.randomUUID();
    }

    @Test
    void aFullBucketGrantsItsBurstThenSaysHowLongToWait() {
        for (int i = 0; i < 3; i++) {
            assertThat(limiter.tryAcquire(bucket, TWO_PER_SECOND_BURST_3, T0)).isEqualTo(Decision.GRANTED);
        }
        Decision refused = limiter.tryAcquire(bucket, TWO_PER_SECOND_BURST_3, T0);
        assertThat(refused.granted()).isFalse();
        assertThat(refused.retryAfter()).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void permitsComeBackAtTheRateAndNeverBeyondTheBurst() {
        for (int i = 0; i < 3; i++) {
            limiter.tryAcquire(bucket, TWO_PER_SECOND_BURST_3, T0);
        }
        assertThat(limiter.tryAcquire(bucket, TWO_PER_SECOND_BURST_3, T0.plusMillis(499)).granted()).isFalse();
        assertThat(limiter.tryAcquire(bucket, TWO_PER_SECOND_BURST_3, T0.plusMillis(500)).granted()).isTrue();
        Instant later = T0.plusSeconds(60);
        int granted = 0;
        for (int i = 0; i < 10; i++) {
            granted += limiter.tryAcquire(bucket, TWO_PER_SECOND_BURST_3, later).granted() ? 1 : 0;
        }
        assertThat(granted).isEqualTo(3);
    }

    @Test
    void aClockBehindTheBucketGainsNothingAndLosesNothing() {
        limiter.tryAcquire(bucket, TWO_PER_SECOND_BURST_3, T0);
        limiter.tryAcquire(bucket, TWO_PER_SECOND_BURST_3, T0);
        assertThat(limiter.tryAcquire(bucket, TWO_PER_SECOND_BURST_3, T0.minusSeconds(5)).granted()).isTrue();
        assertThat(limiter.tryAcquire(bucket, TWO_PER_SECOND_BURST_3, T0.minusSeconds(5)).granted()).isFalse();
    }

    @Test
    void bucketsAreIndependent() {
        for (int i = 0; i < 3; i++) {
            limiter.tryAcquire(bucket, TWO_PER_SECOND_BURST_3, T0);
        }
        assertThat(limiter.tryAcquire(bucket + "-other", TWO_PER_SECOND_BURST_3, T0).granted()).isTrue();
    }

    @Test
    void tenThreadsShareOneBucket() throws Exception {
        Limit limit = new Limit(1.0, 4);
        List<Boolean> granted = Concurrently.run(10, () -> limiter.tryAcquire(bucket, limit, T0).granted());
        assertThat(granted).filteredOn(g -> g).hasSize(4);
    }
}
