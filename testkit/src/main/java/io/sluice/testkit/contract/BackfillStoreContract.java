package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.BackfillStore;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link BackfillStore} passes this suite. */
public abstract class BackfillStoreContract {
    private BackfillStore store;

    protected abstract BackfillStore createStore();

    @BeforeEach
    void setUp() {
        store = createStore();
    }

    @Test
    void aBackfillIsCreatedOnceFoundAndUpdated() {
        String id = "bf-" + UUID.randomUUID();
        assertThat(store.find(id)).isEmpty();
        assertThat(store.create(id, "{\"v\": 1}")).isTrue();
        assertThat(store.create(id, "{\"v\": 2}")).isFalse();
        assertThat(store.find(id)).contains("{\"v\": 1}");
        store.update(id, "{\"v\": 3}");
        assertThat(store.find(id)).contains("{\"v\": 3}");
    }

    @Test
    void tenCreatorsOfOneIdMakeOne() throws Exception {
        String id = "bf-" + UUID.randomUUID();
        List<Boolean> made = Concurrently.run(10, () -> store.create(id, "{\"by\": \"" + Thread.currentThread().getName() + "\"}"));
        assertThat(made.stream().filter(b -> b).count()).isEqualTo(1);
    }
}
