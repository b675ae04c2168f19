package io.sluice.orchestration.path.intrinsic;

import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.eval;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.intrinsicFailure;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.json;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.parseError;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Scope;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class IntrinsicStringFunctionsTest {

    @Nested
    class Format {
        @Test
        void literalTemplate() {
            assertThat(eval("States.Format('Hello, my name is {}.', $.name)").textValue())
                    .isEqualTo("Hello, my name is Arnav.");
        }

        @Test
        void templateFromThePath() {
            assertThat(eval("States.Format($.template, $.name)").textValue()).isEqualTo("Hello, my name is Arnav.");
        }

        @Test
        void noPlaceholders() {
            assertThat(eval("States.Format('plain')").textValue()).isEqualTo("plain");
        }

        /**
         * Strings raw, numbers, booleans and null as JSON, an object as {@code {Arg1=1, Arg2=[]}}, as AWS records:
         * https://github.com/localstack/localstack/blob/8b9a79f05846835cf4dff63ab7eefdde9df83783/tests/aws/services/stepfunctions/v2/intrinsic_functions/test_generic.snapshot.json
         * (test_format_1, test_format_2). Arrays with items and strings nested in them follow the same (Java)
         * printing; that part is belief, not recorded.
         */
        @Test
        void stringsAreRawObjectsAndArraysPrintedAsAwsDoes() {
            assertThat(eval("States.Format('{}|{}|{}|{}|{}|{}', 'a\"b', 7, 2.5, true, null, $.unescapedJson)")
                    .textValue()).isEqualTo("a\"b|7|2.5|true|null|{foo=bar}");
            assertThat(eval("States.Format('{}', States.StringToJson('\\{\"Arg1\": 1, \"Arg2\": []\\}'))").textValue())
                    .isEqualTo("{Arg1=1, Arg2=[]}");
            assertThat(eval("States.Format('{}', $.numbers)").textValue()).isEqualTo("[1, 2, 3, 4, 5, 6, 7, 8, 9]");
        }

        @Test
        void escapedBracesAreNotPlaceholders() {
            assertThat(eval("States.Format('\\{\\} {} \\{x\\}', 1)").textValue()).isEqualTo("{} 1 {x}");
            assertThat(eval("States.Format('\\{}{}', 1)").textValue()).isEqualTo("{}1");
            assertThat(eval("States.Format('{\\}')").textValue()).isEqualTo("{}");
        }

        @Test
        void placeholdersNextToEachOther() {
            assertThat(eval("States.Format('{}{}', 'a', 'b')").textValue()).isEqualTo("ab");
        }

        @Test
        void valuesAreNotReadAsTemplates() {
            assertThat(eval("States.Format('{}-{}', '{}', $.template)").textValue())
                    .isEqualTo("{}-Hello, my name is {}.");
        }

        @Test
        void contextValues() {
            assertThat(eval("States.Format('{}#{}', $$.Execution.Name, $$.Map.Item.Index)").textValue())
                    .isEqualTo("run-7#2");
        }

        @Test
        void literalTemplateCountIsCheckedAtParseTime() {
            assertThat(parseError("States.Format('{} and {}', 1)"))
                    .contains("the States.Format template \"{} and {}\" has 2 placeholders {} but 1 value follows it",
                            "position 0");
            assertThat(parseError("States.Format('none', 1, 2)"))
                    .contains("has 0 placeholders {} but 2 values follow it");
            assertThat(parseError("States.Format('\\{\\}', 1)")).contains("has 0 placeholders");
        }

        @Test
        void dataTemplateCountIsCheckedWhenEvaluated() {
            assertThat(intrinsicFailure("States.Format($.template)").cause())
                    .isEqualTo("States.Format needs 1 value for the placeholders {} in its template"
                            + " \"Hello, my name is {}.\", but was given 0.");
            intrinsicFailure("States.Format($.template, 1, 2)");
        }

        @Test
        void dataTemplatesHaveNoEscapes() {
            Scope scope = new Scope(json("{\"t\": \"a\\\\{}b\"}"), Json.object(), RandomSource.seeded(1));
            assertThat(Intrinsics.parse("States.Format($.t, 1)").evaluate(scope).textValue()).isEqualTo("a\\1b");
        }

        @Test
        void templateMustBeAString() {
            assertThat(intrinsicFailure("States.Format($.index)").cause())
                    .isEqualTo("States.Format expects argument 1 to be a string, but it is a number (5).");
        }
    }

    @Nested
    class StringSplit {
        @Test
        void splitsOnTheDelimiter() {
            assertThat(eval("States.StringSplit('1,2,3,4,5', ',')")).isEqualTo(json("[\"1\",\"2\",\"3\",\"4\",\"5\"]"));
        }

        @Test
        void everyDelimiterCharacterSplits() {
            assertThat(eval("States.StringSplit($.inputString, $.splitter)"))
                    .isEqualTo(json("[\"This\",\"is\",\"a\",\"test\",\"string\"]"));
        }

        @Test
        void emptyPiecesAreDropped() {
            assertThat(eval("States.StringSplit(',a,,b,', ',')")).isEqualTo(json("[\"a\",\"b\"]"));
            assertThat(eval("States.StringSplit('', ',')")).isEqualTo(json("[]"));
            assertThat(eval("States.StringSplit(',,', ',')")).isEqualTo(json("[]"));
        }

        @Test
        void withoutADelimiterInTheTextTheTextIsOnePiece() {
            assertThat(eval("States.StringSplit('abc', ';')")).isEqualTo(json("[\"abc\"]"));
            assertThat(eval("States.StringSplit('abc', '')")).isEqualTo(json("[\"abc\"]"));
        }

        @Test
        void delimitersBeyondTheBasicPlane() {
            assertThat(eval("States.StringSplit('a😀b😀c', '😀')")).isEqualTo(json("[\"a\",\"b\",\"c\"]"));
        }

        @Test
        void reservedCharactersAsDelimiters() {
            assertThat(eval("States.StringSplit('a\\'b\\{c', '\\'\\{')")).isEqualTo(json("[\"a\",\"b\",\"c\"]"));
        }

        @Test
        void bothArgumentsMustBeStrings() {
            assertThat(intrinsicFailure("States.StringSplit($.numbers, ',')").cause())
                    .contains("argument 1 to be a string, but it is an array");
            intrinsicFailure("States.StringSplit('1,2', 1)");
        }
    }
}
