package io.sluice.orchestration.port;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CsvHeaderLineTest {
    @Test
    void quotedFieldsHoldCommasAndDoubledQuotes() {
        assertThat(CsvHeaderLine.fields("a,\"b,\"\"c\"\"\",")).containsExactly("a", "b,\"c\"", "");
        assertThat(CsvHeaderLine.fields("order_id")).containsExactly("order_id");
        assertThat(CsvHeaderLine.fields("")).containsExactly("");
    }

    @Test
    void anOpenQuoteIsRefusedWithItsReason() {
        assertThatThrownBy(() -> CsvHeaderLine.fields("a,\"b")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the header line has an unterminated quote");
    }
}
