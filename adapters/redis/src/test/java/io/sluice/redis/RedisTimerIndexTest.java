package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.TimerIndex;
import io.sluice.testkit.contract.TimerIndexContract;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.redisson.api.RMap;
import org.redisson.client.codec.StringCodec;

/** The TimerIndex contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisTimerIndexTest extends TimerIndexContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("timers");

    @Override
    protected TimerIndex createIndex() {
        return new RedisTimerIndex(redis.client(), redis.prefix());
    }

    /** What a sleeping execution's timer costs: its sorted-set entry, and no data field until it is first taken. */
    @Test
    void aTimerWithAnEmptyPayloadHasNoDataFieldUntilTaken() {
        RedisTimerIndex timers = new RedisTimerIndex(redis.client(), redis.prefix(), 1);
        Instant due = Instant.parse("2100-01-01T00:00:00Z");
        timers.schedule("run.t1", due, "");
        timers.schedule("other", due, "{\"a\":1}");
        RMap<String, String> data = redis.client().getMap(redis.prefix() + ":timers:{" + redis.prefix() + ":0}:data", StringCodec.INSTANCE);
        assertThat(data.readAllMap()).containsOnlyKeys("other");
        assertThat(timers.takeDue(due, 10, Duration.ofMinutes(1))).hasSize(2);
        assertThat(data.readAllMap()).containsEntry("run.t1", due.toEpochMilli() + ":");
        timers.schedule("run.t1", due.plusSeconds(60), "");
        assertThat(data.readAllMap()).as("rescheduled: its due time is its score again").containsOnlyKeys("other");
    }
}
