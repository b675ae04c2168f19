package io.sluice.orchestration.validation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TimestampsTest {

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-29T06:00:00Z", "2026-11-29T06:00:00.123Z", "2026-11-29T06:00:00+01:00",
            "2024-02-29T23:59:59-05:30"})
    void acceptsRfc3339(String text) {
        assertThat(Timestamps.isValid(text)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-11-29", "2026-11-29 06:00:00Z", "2026-11-29t06:00:00z", "2026-11-29T06:00:00",
            "2026-02-30T06:00:00Z", "2026-11-29T25:00:00Z", "yesterday", ""})
    void rejectsAnythingElse(String text) {
        assertThat(Timestamps.isValid(text)).isFalse();
    }
}
