package io.sluice.orchestration.path.intrinsic;

import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.eval;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.failureOf;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.json;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.parseError;
import static io.sluice.orchestration.path.intrinsic.IntrinsicFixtures.scope;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.PayloadTemplate;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Scope;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The call syntax: literals, escapes, paths, nesting, whitespace, and the errors for bad text. */
class IntrinsicParseTest {

    @Nested
    class Literals {
        @Test
        void stringsNumbersBooleansAndNull() {
            assertThat(eval("States.Array('a', 1, -2, 3.25, -0.5, 1e3, true, false, null)"))
                    .isEqualTo(json("[\"a\", 1, -2, 3.25, -0.5, 1e3, true, false, null]"));
        }

        @Test
        void bigIntegersKeepTheirValue() {
            assertThat(eval("States.Array(12345678901234567890)").get(0).bigIntegerValue())
                    .hasToString("12345678901234567890");
        }

        @Test
        void escapesInStrings() {
            assertThat(eval("States.Array('it\\'s', '\\{\\}', 'back\\\\slash', '')"))
                    .isEqualTo(json("[\"it's\", \"{}\", \"back\\\\slash\", \"\"]"));
        }

        @Test
        void unescapedBracesOutsideFormatAreText() {
            assertThat(eval("States.Array('{}', '{', '}')")).isEqualTo(json("[\"{}\", \"{\", \"}\"]"));
        }

        @Test
        void stringsMayHoldCommasParenthesesAndDollars() {
            assertThat(eval("States.Array('a, b)', '$.name', 'States.Array(1)')"))
                    .isEqualTo(json("[\"a, b)\", \"$.name\", \"States.Array(1)\"]"));
        }

        @Test
        void whitespaceAroundArgumentsIsAllowed() {
            assertThat(eval("  States.Array(  1 ,\t'x'\n, $.name  )  ")).isEqualTo(json("[1, \"x\", \"Arnav\"]"));
            assertThat(eval("States.Array( )")).isEqualTo(json("[]"));
        }
    }

    @Nested
    class Paths {
        @Test
        void inputAndContextPaths() {
            assertThat(eval("States.Array($.name, $$.State.Name, $$.Map.Item.Index)"))
                    .isEqualTo(json("[\"Arnav\", \"Prepare\", 2]"));
        }

        @Test
        void wholeInputAndWholeContext() {
            assertThat(eval("States.Array($)").get(0)).isEqualTo(IntrinsicFixtures.INPUT);
            assertThat(eval("States.Array($$)").get(0)).isEqualTo(IntrinsicFixtures.CONTEXT);
        }

        @Test
        void commasInsideBracketsAndQuotesStayInThePath() {
            assertThat(eval("States.Array($['x,y'], $.items[0].id)")).isEqualTo(json("[\"comma key\", \"x,y\"]"));
        }

        @Test
        void filterExpressionsWithParentheses() {
            assertThat(eval("States.Array($.items[?(@.n > 2)].id, $.name)"))
                    .isEqualTo(json("[[\"z\"], \"Arnav\"]"));
        }

        @Test
        void pathSelectingNullGivesNull() {
            assertThat(eval("States.Array($.nothing)")).isEqualTo(json("[null]"));
        }

        @Test
        void missingInputPathFailsWithParameterPathFailure() {
            AslException failure = failureOf("States.Array($.name, $.absent)");
            assertThat(failure.error()).isEqualTo(ErrorNames.PARAMETER_PATH_FAILURE);
            assertThat(failure.cause()).contains("'$.absent'", "argument 2", "States.Array", "input");
        }

        @Test
        void missingContextPathNamesTheContextObject() {
            AslException failure = failureOf("States.Format('{}', $$.Execution.Nope)");
            assertThat(failure.error()).isEqualTo(ErrorNames.PARAMETER_PATH_FAILURE);
            assertThat(failure.cause()).contains("'$$.Execution.Nope'", "context object");
        }

        @Test
        void missingPathInsideANestedCallFails() {
            assertThat(failureOf("States.ArrayLength(States.Array($.absent))").error())
                    .isEqualTo(ErrorNames.PARAMETER_PATH_FAILURE);
        }
    }

    @Nested
    class Nesting {
        @Test
        void theDocumentedNineCallField() {
            Scope scope = new Scope(json("{\"ImageRecipe\": {\"Arn\": "
                    + "\"arn:aws:imagebuilder:us-east-1:123456789012:image-recipe/sample-recipe/1.0.2\"}}"),
                    Json.object(), RandomSource.seeded(1));
            String call = "States.Format('{}.{}.{}', States.ArrayGetItem(States.StringSplit(States.ArrayGetItem("
                    + "States.StringSplit($.ImageRecipe.Arn, '/'), 2), '.'), 0), States.ArrayGetItem(States.StringSplit("
                    + "States.ArrayGetItem(States.StringSplit($.ImageRecipe.Arn, '/'), 2), '.'), 1), "
                    + "States.ArrayGetItem(States.StringSplit(States.ArrayGetItem(States.StringSplit($.ImageRecipe.Arn,"
                    + " '/'), 2), '.'), 2))";
            assertThat(Intrinsics.parse(call).evaluate(scope).textValue()).isEqualTo("1.0.2");
        }

        @Test
        void tenLevelsParseAndElevenDoNot() {
            String ten = "States.Array(".repeat(10) + ")".repeat(10);
            assertThat(eval(ten).toString()).isEqualTo("[".repeat(10) + "]".repeat(10));
            String eleven = "States.Array(".repeat(11) + ")".repeat(11);
            assertThat(parseError(eleven)).contains("nested more than 10 deep", "position 130");
        }

        @Test
        void parseOnceEvaluateManyTimes() {
            IntrinsicCall call = Intrinsics.parse("States.Format('{} is {}', $.who, States.MathAdd($.age, 1))");
            for (int age = 0; age < 5; age++) {
                Scope scope = new Scope(json("{\"who\": \"Ada\", \"age\": " + age + "}"), Json.object(),
                        RandomSource.seeded(age));
                assertThat(call.evaluate(scope).textValue()).isEqualTo("Ada is " + (age + 1));
            }
        }

        @Test
        void aCallPrintsAsItWasWritten() {
            String text = "States.Array( 1, States.ArrayLength($.numbers) )";
            assertThat(Intrinsics.parse(text)).hasToString(text.strip());
        }

        @Test
        void payloadTemplatesUseIntrinsics() {
            PayloadTemplate template = PayloadTemplate.compile(json(
                    "{\"greeting.$\": \"States.Format('Hi {}', $.name)\", \"id.$\": \"$$.Execution.Name\", \"k\": 1}"));
            JsonNode rendered = template.render(scope());
            assertThat(rendered).isEqualTo(json("{\"greeting\": \"Hi Arnav\", \"id\": \"run-7\", \"k\": 1}"));
        }
    }

    @Nested
    class Errors {
        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "States.Array(1, 2                 | expected ',' or ')' after argument 2 at position 17, but the text ended",
            "States.Array(1 2)                 | expected ',' or ')' after argument 1 at position 15, but found '2'",
            "States.Array(1,)                  | expected argument 2 (a string in single quotes, a number, true, false, null, a path starting with '$', or an intrinsic function call) at position 15, but found ')'",
            "States.Array(,1)                  | expected argument 1",
            "States.Array                      | expected '(' after 'States.Array' at position 12, but the text ended",
            "States.Array(1) x                 | expected nothing more after the call ends at position 16, but found 'x'",
            "'States.Array(1)'                 | expected an intrinsic function name such as 'States.Format' at position 0, but found '''",
            "$.name                            | expected an intrinsic function name such as 'States.Format' at position 0, but found '$'",
            "States.Array('abc)                | the string that starts at position 13 is not closed with a single quote",
            "States.Array('a\\nb')             | '\\n' at position 15 is not an escape: only \\', \\{, \\} and \\\\ are",
            "States.Array('abc\\               | the backslash at position 17 escapes nothing",
            "States.Array(yes)                 | 'yes' at position 13 is not a valid argument 1: strings go in single quotes",
            "States.Array(TRUE)                | 'TRUE' at position 13 is not a valid argument 1",
            "States.Array(-x)                  | expected a digit at position 14, but found 'x'",
            "States.Array(1.)                  | expected a digit after the decimal point at position 15, but found ')'",
            "States.Array(007)                 | the number at position 13 has a leading zero",
            "States.Array(1e)                  | expected a digit in the exponent at position 15",
            "States.Array($.a[0)               | the path that starts at position 13 has ')' at position 18 where ']' was expected",
            "States.Array($.a[0                | the path that starts at position 13 has a '[' that is not closed",
            "States.Array($['a)                | the path that starts at position 13 has a ' quote that is not closed",
            "States.Array($.a..)               | the path '$.a..' at position 13 is not valid: Path must not end with",
            "States.Array(#)                   | expected argument 1 (a string in single quotes",
            "                                  | expected an intrinsic function name such as 'States.Format' at position 0, but the text ended",
        })
        void syntaxErrorsSayWhereAndWhat(String text, String reason) {
            assertThat(parseError(text == null ? "" : text)).contains(reason);
        }

        @Test
        void unknownFunctionListsTheKnownOnes() {
            assertThat(parseError("States.Frobnicate(1)"))
                    .contains("unknown intrinsic function 'States.Frobnicate' at position 0",
                            "States.Array", "States.UUID", "States.MathRandom");
        }

        @Test
        void unknownFunctionSuggestsTheRightCase() {
            assertThat(parseError("States.format('x')")).contains("did you mean 'States.Format'?");
            assertThat(parseError("ArrayLength($.numbers)")).contains("did you mean 'States.ArrayLength'?");
        }

        @Test
        void unknownNestedFunctionGivesItsPosition() {
            assertThat(parseError("States.Array(1, States.Nope())")).contains("'States.Nope' at position 16");
        }

        @ParameterizedTest(name = "{0}")
        @CsvSource(delimiter = '|', value = {
            "States.ArrayLength()                     | States.ArrayLength takes exactly 1 argument, but the call at position 0 has 0",
            "States.ArrayLength($.a, $.b)             | States.ArrayLength takes exactly 1 argument, but the call at position 0 has 2",
            "States.MathRandom(1)                     | States.MathRandom takes 2 or 3 arguments, but the call at position 0 has 1",
            "States.MathRandom(1, 2, 3, 4)            | States.MathRandom takes 2 or 3 arguments, but the call at position 0 has 4",
            "States.UUID(1)                           | States.UUID takes no arguments, but the call at position 0 has 1",
            "States.Format()                          | States.Format takes at least 1 argument, but the call at position 0 has 0",
            "States.JsonMerge($.a, $.b)               | States.JsonMerge takes exactly 3 arguments",
            "States.Array(States.ArrayRange(1, 2))    | States.ArrayRange takes exactly 3 arguments, but the call at position 13 has 2",
        })
        void wrongArgumentCountsFailAtParseTime(String text, String reason) {
            assertThat(parseError(text)).contains(reason);
        }

        @Test
        void theMessageQuotesTheWholeText() {
            assertThat(parseError("States.Array(1 2)")).startsWith("'States.Array(1 2)' is not a valid path: ");
        }

        @Test
        void nullText() {
            assertThat(parseError(null)).contains("an intrinsic function call is required");
        }
    }
}
