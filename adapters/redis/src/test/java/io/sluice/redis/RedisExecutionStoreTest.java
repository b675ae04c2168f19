package io.sluice.redis;

import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.testkit.contract.ExecutionStoreContract;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The ExecutionStore contract on a real Redis server; each test instance has its own key prefix (RedisScope). */
class RedisExecutionStoreTest extends ExecutionStoreContract {
    @RegisterExtension
    static final RedisScope redis = new RedisScope("exec");

    @Override
    protected ExecutionStore createStore() {
        return new RedisExecutionStore(redis.client(), redis.prefix());
    }

    @Test
    void aNameIsFreeAgainWhenItsReservationHasPassed() {
        ExecutionStore store = createStore();
        String id = "p:reused";
        Instant t0 = Instant.parse("2026-11-29T00:00:00Z");
        ExecutionSummary running = new ExecutionSummary(id, "p", "reused", "RUNNING", "sha256:abc", t0, null);
        ExecutionSummary done = new ExecutionSummary(id, "p", "reused", "SUCCEEDED", "sha256:abc", t0, t0.plusSeconds(1));
        store.commit(new Commit(running, "s", List.of(), List.of(), 0, t0));
        store.commit(new Commit(done, "s", List.of(), List.of(), 1, t0, t0.plusSeconds(2)));

        assertThat(store.remove(id, 2, Instant.now().minusSeconds(1))).isTrue();

        assertThat(store.retired(id)).as("the record expired with the reservation").isEmpty();
        assertThat(store.commit(new Commit(running, "again", List.of(), List.of(), 0, t0))).isEqualTo(new CommitResult.Committed(1));
        assertThat(redis.keys()).as("nothing of the removed execution is left but what the new one wrote")
                .noneMatch(k -> k.contains("retired")).noneMatch(k -> k.endsWith(":expiry"));
    }
}
