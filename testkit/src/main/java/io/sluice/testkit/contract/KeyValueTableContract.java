package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.KeyValueTable;
import io.sluice.orchestration.port.KeyValueTable.ItemKey;
import io.sluice.orchestration.port.KeyValueTable.Stored;
import io.sluice.orchestration.port.KeyValueTable.Write;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every {@link KeyValueTable} passes this suite. */
public abstract class KeyValueTableContract {
    private KeyValueTable table;
    private String ns;

    protected abstract KeyValueTable createTable();

    @BeforeEach
    void setUp() {
        table = createTable();
        ns = "ns-" + UUID.randomUUID();
    }

    private static Write item(String json) {
        return new Write(json, "task-1", null);
    }

    @Test
    void aWrittenItemIsReadBackWithVersionWriterAndPrevious() {
        ItemKey key = new ItemKey("S:o-1", "");
        assertThat(table.get(ns, "orders", key)).isEmpty();
        assertThat(table.write(ns, "orders", key, 0, item("{\"id\":{\"S\":\"o-1\"}}"))).isTrue();
        Stored stored = table.get(ns, "orders", key).orElseThrow();
        assertThat(stored.version()).isEqualTo(1);
        assertThat(stored.item()).isEqualToIgnoringWhitespace("{\"id\":{\"S\":\"o-1\"}}");
        assertThat(stored.writer()).isEqualTo("task-1");
        assertThat(stored.previous()).isNull();
        assertThat(table.write(ns, "orders", key, 1, new Write("{\"n\":{\"N\":\"2\"}}", "task-2", stored.item()))).isTrue();
        Stored second = table.get(ns, "orders", key).orElseThrow();
        assertThat(second.version()).isEqualTo(2);
        assertThat(second.writer()).isEqualTo("task-2");
        assertThat(second.previous()).isEqualToIgnoringWhitespace("{\"id\":{\"S\":\"o-1\"}}");
    }

    @Test
    void aWriteWithAStaleVersionIsRefused() {
        ItemKey key = new ItemKey("S:k", "");
        assertThat(table.write(ns, "t", key, 0, item("{\"a\":{\"S\":\"1\"}}"))).isTrue();
        assertThat(table.write(ns, "t", key, 0, item("{\"a\":{\"S\":\"2\"}}"))).as("absent expected, but stored").isFalse();
        assertThat(table.write(ns, "t", key, 5, item("{\"a\":{\"S\":\"3\"}}"))).isFalse();
        assertThat(table.write(ns, "t", new ItemKey("S:other", ""), 1, item("{}"))).as("nothing stored yet").isFalse();
        assertThat(table.get(ns, "t", key).orElseThrow().item()).contains("\"1\"");
    }

    @Test
    void aDeleteLeavesATombstoneThatKeepsTheVersionAndIsNotListed() {
        ItemKey key = new ItemKey("S:p", "N:1");
        table.write(ns, "t", key, 0, item("{\"a\":{\"S\":\"1\"}}"));
        assertThat(table.write(ns, "t", key, 1, new Write(null, "task-9", "{\"a\":{\"S\":\"1\"}}"))).isTrue();
        Stored tombstone = table.get(ns, "t", key).orElseThrow();
        assertThat(tombstone.live()).isFalse();
        assertThat(tombstone.version()).isEqualTo(2);
        assertThat(tombstone.writer()).isEqualTo("task-9");
        assertThat(table.partition(ns, "t", "S:p")).isEmpty();
        assertThat(table.write(ns, "t", key, 2, item("{\"a\":{\"S\":\"again\"}}"))).isTrue();
        assertThat(table.partition(ns, "t", "S:p")).hasSize(1);
    }

    @Test
    void aPartitionListsItsOwnItemsOnly() {
        table.write(ns, "t", new ItemKey("S:p", "S:a"), 0, item("{\"v\":{\"S\":\"a\"}}"));
        table.write(ns, "t", new ItemKey("S:p", "S:b"), 0, item("{\"v\":{\"S\":\"b\"}}"));
        table.write(ns, "t", new ItemKey("S:q", "S:a"), 0, item("{\"v\":{\"S\":\"q\"}}"));
        table.write(ns, "other", new ItemKey("S:p", "S:c"), 0, item("{\"v\":{\"S\":\"c\"}}"));
        table.write("elsewhere-" + ns, "t", new ItemKey("S:p", "S:d"), 0, item("{\"v\":{\"S\":\"d\"}}"));
        List<Stored> p = table.partition(ns, "t", "S:p");
        assertThat(p).extracting(s -> s.key().sort()).containsExactlyInAnyOrder("S:a", "S:b");
    }

    @Test
    void namespacesAndTablesAreApart() {
        ItemKey key = new ItemKey("S:k", "");
        table.write(ns, "t", key, 0, item("{\"who\":{\"S\":\"a\"}}"));
        assertThat(table.get("other-" + ns, "t", key)).isEmpty();
        assertThat(table.get(ns, "u", key)).isEmpty();
    }

    @Test
    void tenThreadsIncrementingOneItemLoseNoUpdate() throws Exception {
        ItemKey key = new ItemKey("S:counter", "");
        table.write(ns, "t", key, 0, item("{\"n\":{\"N\":\"0\"}}"));
        Concurrently.run(10, () -> {
            while (true) {
                Stored s = table.get(ns, "t", key).orElseThrow();
                int n = Integer.parseInt(s.item().replaceAll("[^0-9]", ""));
                if (table.write(ns, "t", key, s.version(), new Write("{\"n\":{\"N\":\"" + (n + 1) + "\"}}", "w", s.item()))) {
                    return n;
                }
            }
        });
        Stored end = table.get(ns, "t", key).orElseThrow();
        assertThat(end.item().replaceAll("[^0-9]", "")).isEqualTo("10");
        assertThat(end.version()).isEqualTo(11);
    }
}
