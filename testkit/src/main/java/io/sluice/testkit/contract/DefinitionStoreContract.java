package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.DefinitionStore;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Every {@link DefinitionStore} passes this suite. */
public abstract class DefinitionStoreContract {

    /** A store isolated from other tests. */
    protected abstract DefinitionStore createStore();

    @Test
    void aDefinitionIsReadBackByItsHashAndTheFirstWriteWins() {
        DefinitionStore store = createStore();
        String hash = "sha256:" + UUID.randomUUID();
        assertThat(store.get(hash)).isEmpty();
        store.put(hash, "{\"StartAt\":\"A\"}");
        store.put(hash, "{\"StartAt\":\"B\"}");
        assertThat(store.get(hash)).contains("{\"StartAt\":\"A\"}");
    }

    @Test
    void tenThreadsStoringOneHashLeaveOneDefinition() throws Exception {
        DefinitionStore store = createStore();
        String hash = "sha256:" + UUID.randomUUID();
        List<Boolean> done = Concurrently.run(10, () -> {
            store.put(hash, "{\"by\":\"" + Thread.currentThread().threadId() + "\"}");
            return true;
        });
        assertThat(done).hasSize(10);
        String first = store.get(hash).orElseThrow();
        assertThat(Concurrently.run(10, () -> store.get(hash).orElseThrow())).containsOnly(first);
    }
}
