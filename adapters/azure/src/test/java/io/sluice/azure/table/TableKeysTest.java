package io.sluice.azure.table;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TableKeysTest {

    @Test
    void forbiddenCharactersAreEscapedOneToOne() {
        assertThat(TableKeys.encode("a/b\\c#d?e%f|g'h\u0001")).isEqualTo("a%2Fb%5Cc%23d%3Fe%25f%7Cg%27h%01");
        assertThat(TableKeys.encode("orders-2026.11:29 é")).isEqualTo("orders-2026.11:29 é");
        assertThat(TableKeys.encode("%2F")).isNotEqualTo(TableKeys.encode("/"));
    }

    @Test
    void joinedPartsNeverMeet() {
        assertThat(TableKeys.join("a|b", "c")).isNotEqualTo(TableKeys.join("a", "b|c"));
        assertThat(TableKeys.literal("it's")).isEqualTo("'it''s'");
    }
}
