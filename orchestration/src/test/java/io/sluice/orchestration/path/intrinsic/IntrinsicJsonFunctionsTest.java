package io.sluice.orchestration.path.intrinsic;

import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.eval;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.intrinsicFailure;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.json;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class IntrinsicJsonFunctionsTest {

    @Nested
    class StringToJson {
        @Test
        void parsesAnEscapedJsonString() {
            assertThat(eval("States.StringToJson($.escapedJsonString)")).isEqualTo(json("{\"foo\": \"bar\"}"));
        }

        @Test
        void parsesScalarsAndLiteralsWithEscapedBraces() {
            assertThat(eval("States.StringToJson('42')")).isEqualTo(json("42"));
            assertThat(eval("States.StringToJson('\"text\"')")).isEqualTo(json("\"text\""));
            assertThat(eval("States.StringToJson('\\{\"a\": [1, null]\\}')")).isEqualTo(json("{\"a\": [1, null]}"));
        }

        @Test
        void roundTripsWithJsonToString() {
            assertThat(eval("States.StringToJson(States.JsonToString($.items))")).isEqualTo(IntrinsicFixtures.INPUT.get("items"));
        }

        @Test
        void invalidJsonFails() {
            assertThat(intrinsicFailure("States.StringToJson('\\{bad')").cause())
                    .startsWith("States.StringToJson could not parse its argument as JSON: ");
            assertThat(intrinsicFailure("States.StringToJson('1 2')").cause()).contains("could not parse");
        }

        /**
         * An empty or blank string gives null, as AWS records:
         * https://github.com/localstack/localstack/blob/8b9a79f05846835cf4dff63ab7eefdde9df83783/tests/aws/services/stepfunctions/v2/intrinsic_functions/test_json_manipulation.snapshot.json
         * (test_string_to_json, exec_hist_resp_0 and _1).
         */
        @Test
        void emptyOrBlankGivesNull() {
            assertThat(eval("States.StringToJson('')")).isEqualTo(json("null"));
            assertThat(eval("States.StringToJson(' ')")).isEqualTo(json("null"));
        }

        @Test
        void needsAString() {
            assertThat(intrinsicFailure("States.StringToJson($.unescapedJson)").cause())
                    .isEqualTo("States.StringToJson expects argument 1 to be a string, but it is an object ({\"foo\":\"bar\"}).");
        }
    }

    @Nested
    class JsonToString {
        @Test
        void writesCompactJson() {
            assertThat(eval("States.JsonToString($.unescapedJson)").textValue()).isEqualTo("{\"foo\":\"bar\"}");
            assertThat(eval("States.JsonToString($.numbers)").textValue()).isEqualTo("[1,2,3,4,5,6,7,8,9]");
        }

        @Test
        void stringsAndScalarsBecomeTheirJsonText() {
            assertThat(eval("States.JsonToString($.name)").textValue()).isEqualTo("\"Arnav\"");
            assertThat(eval("States.JsonToString($.nothing)").textValue()).isEqualTo("null");
            assertThat(eval("States.JsonToString($$.Map.Item.Value)").textValue()).isEqualTo("{\"id\":7}");
        }
    }

    @Nested
    class JsonMerge {
        @Test
        void mergesShallowlyWithTheSecondWinning() {
            assertThat(eval("States.JsonMerge($.json1, $.json2, false)"))
                    .isEqualTo(json("{\"a\": {\"a3\": 1, \"a4\": 2}, \"b\": 2, \"c\": 3}"));
        }

        @Test
        void leavesItsInputsUnchanged() {
            JsonNode before = IntrinsicFixtures.INPUT.deepCopy();
            eval("States.JsonMerge($.json1, $.json2, false)");
            assertThat(IntrinsicFixtures.INPUT).isEqualTo(before);
        }

        @Test
        void deepMergeIsNotSupported() {
            assertThat(intrinsicFailure("States.JsonMerge($.json1, $.json2, true)").cause())
                    .isEqualTo("States.JsonMerge supports only a shallow merge, so its third argument must be false;"
                            + " Step Functions does not support a deep merge.");
            intrinsicFailure("States.JsonMerge($.json1, $.json2, $.flag)");
        }

        @Test
        void argumentTypesAreChecked() {
            assertThat(intrinsicFailure("States.JsonMerge($.json1, $.numbers, false)").cause())
                    .contains("argument 2 to be an object, but it is an array");
            assertThat(intrinsicFailure("States.JsonMerge($.json1, $.json2, 'false')").cause())
                    .contains("argument 3 to be a boolean, but it is a string");
        }
    }
}
