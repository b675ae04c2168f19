package io.sluice.orchestration.choice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The StringMatches pattern language. Patterns and values here are the decoded strings (what the
 * JSON text {@code "a\\*"} stands for is {@code a\*}).
 */
class ChoiceStringMatchesTest {

    @ParameterizedTest(name = "''{0}'' matches ''{1}'' -> {2}")
    @CsvSource(delimiter = '|', emptyValue = "", textBlock = """
            log-*.txt     | log-1.txt         | true
            log-*.txt     | log-.txt          | true
            log-*.txt     | log-1.txt.bak     | false
            log-*.txt     | xlog-1.txt        | false
            *.txt         | .txt              | true
            *.txt         | a.txt.txt         | true
            *             | ''                | true
            *             | anything at all   | true
            **            | x                 | true
            a*b*c         | abc               | true
            a*b*c         | aXXbYYc           | true
            a*b*c         | acb               | false
            a*b*c         | abcb              | false
            a*b*c         | abcbc             | true
            a*ab          | aab               | true
            a*ab          | ab                | false
            ab*ba         | aba               | false
            ab*ba         | abba              | true
            *a*           | bab               | true
            *a*           | bbb               | false
            exact         | exact             | true
            exact         | Exact             | false
            ''            | ''                | true
            ''            | x                 | false
            """)
    void wildcards(String pattern, String value, boolean expected) {
        assertThat(WildcardPattern.compile(pattern).matches(value)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "''{0}'' matches ''{1}'' -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            a\\*b          | a*b               | true
            a\\*b          | aXb               | false
            a\\*b          | ab                | false
            \\**           | *star             | true
            \\**           | star              | false
            *\\*           | ends with *       | true
            *\\*           | ends with x       | false
            a\\\\b         | a\\b              | true
            a\\\\b         | ab                | false
            a\\\\*         | a\\anything       | true
            a\\\\*         | anything          | false
            a\\\\\\*       | a\\*              | true
            a\\\\\\*       | a\\xyz            | false
            """)
    void escapes(String pattern, String value, boolean expected) {
        assertThat(WildcardPattern.compile(pattern).matches(value)).isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a\\b", "\\d+", "trailing\\", "\\"})
    void aBackslashMustEscapeAStarOrABackslash(String pattern) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> WildcardPattern.compile(pattern))
                .withMessageContaining("escapes neither '*' nor '\\'");
    }

    @ParameterizedTest(name = "rule {0} on {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            "report\\\\*.csv"   | "report*.csv"     | true
            "report\\\\*.csv"   | "report-1.csv"    | false
            "C:\\\\\\\\*"       | "C:\\\\tmp"       | true
            "*.csv"             | "data.CSV"        | false
            """)
    void escapesAsWrittenInARule(String patternJson, String valueJson, boolean expected) {
        // In the definition's JSON text a literal star is written "\\*" and a backslash "\\\\".
        assertThat(Rules.matches(Rules.rule("StringMatches", patternJson), Rules.input(valueJson))).isEqualTo(expected);
    }
}
