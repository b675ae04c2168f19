package io.sluice.orchestration.retry;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.path.RandomSource;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

class RetryPolicyProperties {

    @Property(seed = "20261202")
    void delaysNeverExceedMaxDelaySeconds(@ForAll @IntRange(min = 1, max = 3600) int interval,
                                          @ForAll @DoubleRange(min = 1.0, max = 10.0) double backoff,
                                          @ForAll @IntRange(min = 1, max = 86_400) int maxDelay,
                                          @ForAll @IntRange(min = 0, max = 200) int retry,
                                          @ForAll boolean fullJitter, @ForAll long seed) {
        RetryPolicy policy = new RetryPolicy(List.of("States.ALL"), interval, 1000, backoff, maxDelay,
                fullJitter ? JitterStrategy.FULL : JitterStrategy.NONE);
        long delay = policy.delayMillis(retry, RandomSource.seeded(seed));
        assertThat(delay).isBetween(0L, maxDelay * 1000L);
    }

    @Property(seed = "20261202")
    void withoutJitterDelaysGrowByTheBackoffRateUntilCapped(@ForAll @IntRange(min = 1, max = 60) int interval,
                                                            @ForAll @DoubleRange(min = 1.0, max = 4.0) double backoff,
                                                            @ForAll @IntRange(min = 0, max = 30) int retry) {
        RetryPolicy policy = new RetryPolicy(List.of("E"), interval, 100, backoff, 0, JitterStrategy.NONE);
        RandomSource unused = RandomSource.seeded(0);
        long now = policy.delayMillis(retry, unused);
        long next = policy.delayMillis(retry + 1, unused);
        assertThat(next).isGreaterThanOrEqualTo(now);
        assertThat(now).isEqualTo(Math.min(Math.round(interval * Math.pow(backoff, retry) * 1000.0), RetryPolicy.CEILING_SECONDS * 1000L));
    }

    @Property(seed = "20261202")
    void fullJitterIsDeterministicForTheSameRandomness(@ForAll @IntRange(min = 1, max = 100) int interval,
                                                       @ForAll @IntRange(min = 0, max = 10) int retry, @ForAll long seed) {
        RetryPolicy policy = new RetryPolicy(List.of("E"), interval, 100, 2.0, 0, JitterStrategy.FULL);
        assertThat(policy.delayMillis(retry, RandomSource.seeded(seed))).isEqualTo(policy.delayMillis(retry, RandomSource.seeded(seed)));
    }
}
