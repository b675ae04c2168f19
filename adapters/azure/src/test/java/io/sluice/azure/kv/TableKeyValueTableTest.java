package io.sluice.azure.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.azure.AzuriteClients;
import io.sluice.orchestration.port.KeyValueTable;
import io.sluice.orchestration.port.KeyValueTable.ItemKey;
import io.sluice.orchestration.port.KeyValueTable.Write;
import io.sluice.testkit.contract.KeyValueTableContract;
import org.junit.jupiter.api.Test;

/** The KeyValueTable contract against Azurite's Table service (real Table storage protocol); each test gets a table of its own. */
class TableKeyValueTableTest extends KeyValueTableContract {
    @Override
    protected KeyValueTable createTable() {
        return new TableKeyValueTable(AzuriteClients.tables(), AzuriteClients.newTableName("kv"));
    }

    @Test
    void anItemLargerThanOnePropertyAndKeysWithReservedCharactersRoundTrip() {
        KeyValueTable table = createTable();
        // 300 KB of JSON: five 64 KiB parts; keys with the characters Table storage refuses in keys.
        String big = "{\"blob\":{\"S\":\"" + "é/#?".repeat(60_000) + "\"}}";
        ItemKey key = new ItemKey("S:a/b#c?d%e|f'g", "S:\\x");
        assertThat(table.write("ns", "t", key, 0, new Write(big, "task-1", null))).isTrue();
        var stored = table.get("ns", "t", key).orElseThrow();
        assertThat(stored.item()).isEqualTo(big);
        assertThat(stored.key()).isEqualTo(key);
        assertThat(table.partition("ns", "t", "S:a/b#c?d%e|f'g")).hasSize(1);
        assertThat(table.partition("ns", "t", "S:a/b#c?d%e")).isEmpty();
    }

    @Test
    void anItemAndItsPreviousBeyondOneEntityIsAClearError() {
        KeyValueTable table = createTable();
        String half = "{\"v\":{\"S\":\"" + "x".repeat(600_000) + "\"}}";
        assertThatThrownBy(() -> table.write("ns", "t", new ItemKey("S:k", ""), 0, new Write(half, "w", half)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("S:k").hasMessageContaining("Table storage keeps at most");
    }
}
