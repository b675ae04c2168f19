package io.sluice.orchestration.pattern;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import org.junit.jupiter.api.Test;

class RetrySettingsTest {
    @Test
    void aMissingSectionOrFieldTakesTheDefault() {
        assertThat(RetrySettings.from(null)).isEqualTo(new RetrySettings(3, 5, 2.0, null, "NONE"));
        assertThat(RetrySettings.from(Json.parse("{\"maxAttempts\": 0}"))).isEqualTo(new RetrySettings(0, 5, 2.0, null, "NONE"));
    }

    @Test
    void theRetrierRetriesEveryErrorWithExponentialBackoff() {
        RetrySettings s = RetrySettings.from(Json.parse("""
                {"maxAttempts": 4, "intervalSeconds": 30, "backoffRate": 3, "maxDelaySeconds": 600, "jitter": "FULL"}"""));
        assertThat(s.retrier()).isEqualTo(Json.parse("""
                {"ErrorEquals": ["States.ALL"], "IntervalSeconds": 30, "MaxAttempts": 4, "BackoffRate": 3.0,
                 "MaxDelaySeconds": 600, "JitterStrategy": "FULL"}"""));
    }
}
