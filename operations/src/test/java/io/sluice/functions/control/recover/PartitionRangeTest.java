package io.sluice.functions.control.recover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The dates of a block or backfill, and every bad range refused naming its field. */
class PartitionRangeTest {

    static Stream<Arguments> good() {
        return Stream.of(
                Arguments.of("2026-11-29", "2026-11-29", List.of("2026-11-29")),
                Arguments.of("2026-11-28", "2026-11-30", List.of("2026-11-28", "2026-11-29", "2026-11-30")),
                Arguments.of("2026-12-31", "2027-01-01", List.of("2026-12-31", "2027-01-01")),
                Arguments.of("2028-02-28", "2028-03-01", List.of("2028-02-28", "2028-02-29", "2028-03-01")));
    }

    @ParameterizedTest(name = "{0}..{1}")
    @MethodSource("good")
    void everyDateFromFromToToIncluded(String from, String to, List<String> dates) {
        assertThat(PartitionRange.dates(from, to)).isEqualTo(dates);
    }

    static Stream<Arguments> bad() {
        return Stream.of(
                Arguments.of(null, "2026-11-29", "from", "YYYY-MM-DD"),
                Arguments.of("2026-11-29", null, "to", "YYYY-MM-DD"),
                Arguments.of("29.11.2026", "2026-11-29", "from", "YYYY-MM-DD"),
                Arguments.of("2026-11-31", "2026-12-01", "from", "YYYY-MM-DD"),
                Arguments.of("2026-11-29", "2026-11-29T03", "to", "YYYY-MM-DD"),
                Arguments.of("2026-11-30", "2026-11-29", "to", "on or after from"),
                Arguments.of("2026-11-01", "2026-12-02", "to", "at most 31 days"));
    }

    @ParameterizedTest(name = "{0}..{1}: {2}")
    @MethodSource("bad")
    void aBadRangeNamesItsField(String from, String to, String field, String expected) {
        assertThatThrownBy(() -> PartitionRange.dates(from, to)).isInstanceOfSatisfying(InvalidRecovery.class, e -> {
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.expected()).contains(expected);
        });
    }
}
