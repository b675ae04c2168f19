package io.sluice.functions.priority;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PriorityTest {
    @ParameterizedTest
    @CsvSource({"P0, P0, -p0", "p1, P1, -p1", "' P2 ', P2, ''", "P3, P3, -p3"})
    void readsEachPriorityAndNamesItsChannelBySuffix(String text, Priority expected, String suffix) {
        assertThat(Priority.parse(text, "priority")).isEqualTo(expected);
        assertThat(expected.queueSuffix()).isEqualTo(suffix);
    }

    @ParameterizedTest
    @ValueSource(strings = {"P4", "high", "", "0"})
    void aBadValueIsAnErrorNamingTheField(String text) {
        assertThatThrownBy(() -> Priority.parse(text, "options.priority")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'options.priority'").hasMessageContaining(Priority.EXPECTED).hasMessageContaining("'" + text + "'");
    }

    @org.junit.jupiter.api.Test
    void p0IsAboveP3AndTheDefaultIsP2() {
        assertThat(Priority.P0.above(Priority.P3)).isTrue();
        assertThat(Priority.P3.above(Priority.P0)).isFalse();
        assertThat(Priority.DEFAULT).isEqualTo(Priority.P2);
    }
}
