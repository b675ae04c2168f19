package io.sluice.functions.trigger;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PartitionsTest {
    @ParameterizedTest
    @ValueSource(strings = {"2026-11-29", "2026-11-29T13", "2026-11-29-13", "2026-11", "dt=2026-11-29", "eu_2026-11-29", "v1.2", "latest",
            "a", "_x", "-x"})
    void datesDateHoursMonthsAndSafeTokensArePartitions(String partition) {
        assertThat(Partitions.isValid(partition)).isTrue();
        assertThat(Partitions.problem(partition)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "../b/2026-01-01", "../../../../outside/secret", "b/2026-01-01", "a\\b", "..", "a..b", ".hidden", ".",
            "2026-11-29\nCOPY", "2026-11-29 ", "it's", "2026-11-29T13:00", "a\u0000b", "día"})
    void pathsQuotesSpacesAndControlCharactersAreNot(String partition) {
        assertThat(Partitions.isValid(partition)).isFalse();
        assertThat(Partitions.problem(partition)).hasValueSatisfying(p -> assertThat(p).contains("expected a date (2026-11-29)")
                .doesNotContain("\n"));
    }

    @Test
    void atMostSixtyFourCharacters() {
        assertThat(Partitions.isValid("p".repeat(64))).isTrue();
        assertThat(Partitions.isValid("p".repeat(65))).isFalse();
        assertThat(Partitions.isValid(null)).isFalse();
    }

    @Test
    void anInputsPartitionMustBeAStringPartitionWhenItHasOne() {
        assertThat(Partitions.problemInInput(Json.parse("{\"partition\": \"2026-11-29\"}"))).isEmpty();
        assertThat(Partitions.problemInInput(Json.parse("{\"partition\": null, \"x\": \"../y\"}"))).isEmpty();
        assertThat(Partitions.problemInInput(Json.parse("{}"))).isEmpty();
        assertThat(Partitions.problemInInput(Json.parse("[1]"))).isEmpty();
        assertThat(Partitions.problemInInput(Json.parse("{\"partition\": \"../b/2026-01-01\"}"))).hasValueSatisfying(p ->
                assertThat(p).startsWith("the partition '../b/2026-01-01' is not one: expected"));
        assertThat(Partitions.problemInInput(Json.parse("{\"partition\": [\"../b\"]}"))).hasValueSatisfying(p ->
                assertThat(p).startsWith("the input's partition is a JSON array, not a string"));
    }
}
