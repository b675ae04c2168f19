package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.RuleStore;
import io.sluice.orchestration.port.RuleStore.Change;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link RuleStore} passes this suite. */
public abstract class RuleStoreContract {
    private static final Instant T0 = Instant.parse("2026-12-01T06:00:00Z");

    private RuleStore store;

    protected abstract RuleStore createStore();

    @BeforeEach
    void setUp() {
        store = createStore();
    }

    @Test
    void aPutRuleIsStoredRecordedAndMovesTheVersion() {
        long before = store.version();
        store.put("r1", "{\"effect\":\"block\"}", new Change(T0, "created", "r1", "ana", "{\"effect\":\"block\"}"));
        store.put("r2", "{\"effect\":\"allow\"}", new Change(T0.plusSeconds(1), "created", "r2", "bo", "{\"effect\":\"allow\"}"));
        store.put("r1", "{\"effect\":\"allow\"}", new Change(T0.plusSeconds(2), "replaced", "r1", "ana", "{\"effect\":\"allow\"}"));

        assertThat(store.all()).containsOnlyKeys("r1", "r2").containsEntry("r1", "{\"effect\":\"allow\"}");
        assertThat(store.version()).isGreaterThan(before);
        assertThat(store.changes(10)).extracting(Change::action, Change::ruleId, Change::author)
                .as("newest first").containsExactly(
                        org.assertj.core.groups.Tuple.tuple("replaced", "r1", "ana"),
                        org.assertj.core.groups.Tuple.tuple("created", "r2", "bo"),
                        org.assertj.core.groups.Tuple.tuple("created", "r1", "ana"));
        assertThat(store.changes(1)).singleElement().satisfies(c -> assertThat(c.at()).isEqualTo(T0.plusSeconds(2)));
        assertThat(store.changes(0)).isEmpty();
    }

    @Test
    void removingARuleRecordsItAndAMissingOneRecordsNothing() {
        store.put("r1", "{}", new Change(T0, "created", "r1", "ana", "{}"));
        long version = store.version();

        assertThat(store.remove("r1", new Change(T0.plusSeconds(5), "removed", "r1", "bo", null))).isTrue();
        assertThat(store.remove("r1", new Change(T0.plusSeconds(6), "removed", "r1", "bo", null))).isFalse();

        assertThat(store.all()).isEmpty();
        assertThat(store.version()).isGreaterThan(version);
        List<Change> changes = new ArrayList<>(store.changes(10));
        assertThat(changes).hasSize(2);
        assertThat(changes.get(0)).isEqualTo(new Change(T0.plusSeconds(5), "removed", "r1", "bo", null));
    }
}
