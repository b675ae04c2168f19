package io.sluice.orchestration.choice;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The timestamp format and comparison used by the Timestamp* operators and IsTimestamp. */
class ChoiceTimestampTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(delimiter = '|', textBlock = """
            2016-03-14T01:59:00Z                | 2016-03-14T01:59:00Z
            2016-03-14T01:59:00.5Z              | 2016-03-14T01:59:00.500Z
            2016-03-14T01:59:00.123456789Z      | 2016-03-14T01:59:00.123456789Z
            2016-03-14T03:59:00+02:00           | 2016-03-14T01:59:00Z
            2016-03-13T20:29:00-05:30           | 2016-03-14T01:59:00Z
            2016-03-14T01:59:00-00:00           | 2016-03-14T01:59:00Z
            2016-03-14T01:59:00.250+14:00       | 2016-03-13T11:59:00.250Z
            2016-02-29T00:00:00Z                | 2016-02-29T00:00:00Z
            0001-01-01T00:00:00Z                | 0001-01-01T00:00:00Z
            """)
    void accepted(String text, String instant) {
        assertThat(Timestamps.parse(text)).isEqualTo(Instant.parse(instant));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "2016-03-14",                        // no time
        "2016-03-14T01:59Z",                 // no seconds
        "2016-03-14T01:59:00",               // no offset
        "2016-03-14t01:59:00Z",              // lowercase t
        "2016-03-14T01:59:00z",              // lowercase z
        "2016-03-14 01:59:00Z",              // space instead of T
        "2016-03-14T01:59:00+0200",          // offset without colon
        "2016-03-14T01:59:00+02",            // offset without minutes
        "2016-03-14T01:59:00+02:00:30",      // offset with seconds
        "2016-03-14T01:59:00.Z",             // empty fraction
        "2016-03-14T01:59:00.1234567891Z",   // finer than nanoseconds
        "2015-02-29T00:00:00Z",              // not a leap year
        "2016-13-01T00:00:00Z",              // month 13
        "2016-03-14T24:00:00Z",              // hour 24
        "16-03-14T01:59:00Z",                // two-digit year
        "2016-3-14T01:59:00Z",               // one-digit month
        " 2016-03-14T01:59:00Z",             // leading space
        ""
    })
    void rejected(String text) {
        assertThat(Timestamps.parse(text)).isNull();
    }

    @ParameterizedTest(name = "{0} {1} {2} -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
            2016-03-14T01:59:00Z          | TimestampEquals      | 2016-03-14T01:59:00.000Z       | true
            2016-03-14T01:59:00Z          | TimestampEquals      | 2016-03-14T01:59:00.000000001Z | false
            2016-03-14T01:59:00.000000001Z| TimestampGreaterThan | 2016-03-14T01:59:00Z           | true
            2016-03-14T03:59:00+02:00     | TimestampEquals      | 2016-03-14T01:59:00Z           | true
            2016-03-14T01:59:00+02:00     | TimestampLessThan    | 2016-03-14T01:59:00Z           | true
            2016-03-14T01:59:00-02:00     | TimestampGreaterThan | 2016-03-14T01:59:00Z           | true
            2016-03-14T01:59:00.999Z      | TimestampLessThan    | 2016-03-14T01:59:01Z           | true
            2016-03-14T01:59:00.1Z        | TimestampEquals      | 2016-03-14T01:59:00.100000Z    | true
            """)
    void comparedAsInstants(String value, String operator, String operand, boolean expected) {
        String rule = Rules.rule(operator, "\"" + operand + "\"");
        assertThat(Rules.matches(rule, Rules.input("\"" + value + "\""))).isEqualTo(expected);
    }
}
