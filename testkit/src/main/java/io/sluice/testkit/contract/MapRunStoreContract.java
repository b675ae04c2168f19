package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.MapRunStore;
import io.sluice.orchestration.port.MapRunStore.Counts;
import java.time.Instant;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link MapRunStore} passes this suite. */
public abstract class MapRunStoreContract {
    private static final Instant EXPIRES = Instant.parse("2099-01-01T00:00:00Z");

    private MapRunStore store;
    private String run;

    protected abstract MapRunStore createStore();

    @BeforeEach
    void setUp() {
        store = createStore();
        run = UUID.randomUUID().toString();
    }

    @Test
    void theFirstCreateWinsAndLaterOnesReturnIt() {
        assertThat(store.create(run, "{\"a\":1}", EXPIRES)).isEqualTo(new MapRunStore.Versioned("{\"a\":1}", 1));
        assertThat(store.create(run, "{\"b\":2}", EXPIRES)).isEqualTo(new MapRunStore.Versioned("{\"a\":1}", 1));
        assertThat(store.load(run)).contains(new MapRunStore.Versioned("{\"a\":1}", 1));
        assertThat(store.load(UUID.randomUUID().toString())).isEmpty();
    }

    @Test
    void anUpdateNeedsTheCurrentVersion() {
        store.create(run, "v1", EXPIRES);
        assertThat(store.update(run, 1, "v2")).isTrue();
        assertThat(store.update(run, 1, "v3")).isFalse();
        assertThat(store.load(run)).contains(new MapRunStore.Versioned("v2", 2));
        assertThat(store.update(UUID.randomUUID().toString(), 1, "x")).isFalse();
    }

    @Test
    void aChildEndsOnceAndIsCountedOnce() {
        store.create(run, "r", EXPIRES);
        assertThat(store.finish(run, 0, true, null)).isEqualTo(new MapRunStore.Finish(true, new Counts(1, 0)));
        assertThat(store.finish(run, 7, false, "{\"Error\":\"E\"}")).isEqualTo(new MapRunStore.Finish(true, new Counts(1, 1)));
        assertThat(store.finish(run, 0, false, "ignored")).isEqualTo(new MapRunStore.Finish(false, new Counts(1, 1)));
        assertThat(store.counts(run)).isEqualTo(new Counts(1, 1));
        assertThat(store.counts(UUID.randomUUID().toString())).isEqualTo(new Counts(0, 0));
    }

    @Test
    void endedChildrenAreReadByRange() {
        store.create(run, "r", EXPIRES);
        for (long i : List.of(0L, 3L, 8L, 9L, 17L, 1000L)) {
            store.finish(run, i, true, null);
        }
        BitSet all = store.ended(run, 0, 20);
        assertThat(all.stream().boxed().toList()).containsExactly(0, 3, 8, 9, 17);
        BitSet middle = store.ended(run, 8, 18);
        assertThat(middle.stream().boxed().toList()).containsExactly(0, 1, 9);
        assertThat(store.ended(run, 990, 1010).stream().boxed().toList()).containsExactly(10);
        assertThat(store.ended(run, 2000, 2100).isEmpty()).isTrue();
        assertThat(store.ended(run, 5, 5).isEmpty()).isTrue();
    }

    @Test
    void outcomesAreKeptWhenGivenAndReadByRange() {
        store.create(run, "r", EXPIRES);
        store.finish(run, 1, true, "one");
        store.finish(run, 2, true, null);
        store.finish(run, 5, false, "five");
        assertThat(store.outcomes(run, 0, 5)).isEqualTo(Map.of(1L, "one"));
        assertThat(store.outcomes(run, 0, 10)).isEqualTo(Map.of(1L, "one", 5L, "five"));
    }

    @Test
    void deleteForgetsTheRun() {
        store.create(run, "r", EXPIRES);
        store.finish(run, 1, true, "one");
        store.delete(run);
        assertThat(store.load(run)).isEmpty();
        assertThat(store.counts(run)).isEqualTo(new Counts(0, 0));
        assertThat(store.ended(run, 0, 10).isEmpty()).isTrue();
    }

    @Test
    void tenThreadsEndingTheSameChildrenCountEachOnce() throws Exception {
        store.create(run, "r", EXPIRES);
        AtomicLong recorded = new AtomicLong();
        Concurrently.run(10, () -> {
            for (long i = 0; i < 50; i++) {
                if (store.finish(run, i, i % 5 != 0, null).recorded()) {
                    recorded.incrementAndGet();
                }
            }
            return null;
        });
        assertThat(recorded.get()).isEqualTo(50);
        assertThat(store.counts(run)).isEqualTo(new Counts(40, 10));
    }
}
