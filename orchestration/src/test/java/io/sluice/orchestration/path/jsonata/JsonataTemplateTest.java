package io.sluice.orchestration.path.jsonata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.PathSyntaxException;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Scope;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonataTemplateTest {
    private static final Instant NOW = Instant.parse("2026-11-29T06:30:00Z");

    private static Scope scope(long seed) {
        return new Scope(Json.parse("{\"a\": [3, 1, 2], \"s\": \"x\"}"), Json.object(), RandomSource.seeded(seed),
                Map.of("v", Json.parse("{\"k\": 5}"))::get, null, null, NOW);
    }

    @Test
    void theSameNowAndSeedGiveTheSameValues() {
        JsonataTemplate t = JsonataTemplate.compile(Json.parse("""
                {"now": "{% $now() %}", "ms": "{% $millis() %}", "r": "{% $random() %}", "u": "{% $uuid() %}",
                 "shuffled": "{% $shuffle($states.input.a) %}", "seeded": "{% $random(42) %}"}"""), "Output");
        var first = t.render(scope(9));
        assertThat(t.render(scope(9))).isEqualTo(first);
        assertThat(first.get("now").asText()).isEqualTo("2026-11-29T06:30:00.000Z");
        assertThat(first.get("ms").asLong()).isEqualTo(NOW.toEpochMilli());
        assertThat(t.render(scope(10)).get("u")).isNotEqualTo(first.get("u"));
        assertThat(t.render(scope(10)).get("seeded")).isEqualTo(first.get("seeded"));
    }

    @Test
    void variablesStepFunctionsFunctionsAndLiteralsRender() {
        JsonataTemplate t = JsonataTemplate.compile(Json.parse("""
                {"k": "{% $v.k * 2 %}", "parts": "{% $partition($states.input.a, 2) %}", "r": "{% $range(1, 5, 2) %}",
                 "h": "{% $hash('abc', 'SHA-256') %}", "p": "{% $parse('{\\"x\\": 1}').x %}", "lit": ["$.a", 1],
                 "one": "{% $range(1, 9, 9) %}", "spaced": " {% $v %} "}"""), "Arguments");
        assertThat(t.render(scope(1))).isEqualTo(Json.parse("""
                {"k": 10, "parts": [[3, 1], [2]], "r": [1, 3, 5],
                 "h": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "p": 1, "lit": ["$.a", 1],
                 "one": 1, "spaced": " {% $v %} "}"""));
    }

    /**
     * An expression that gives nothing fails with AWS's cause, naming the field with '/':
     * https://github.com/localstack/localstack/blob/8b9a79f05846835cf4dff63ab7eefdde9df83783/tests/aws/services/stepfunctions/v2/assign/test_assign_reference_variables.snapshot.json
     * (test_undefined_reference[BASE_UNDEFINED_OUTPUT_FIELD] and [BASE_UNDEFINED_ARGUMENTS_FIELD]).
     */
    @Test
    void anExpressionThatGivesNothingIsAQueryEvaluationError() {
        JsonataTemplate t = JsonataTemplate.compile(Json.parse("""
                {"ok": 1, "FunctionName": "{% $states.input.nothing %}"}"""), "Arguments");
        assertThatThrownBy(() -> t.render(scope(1))).isInstanceOfSatisfying(AslException.class, e -> {
            assertThat(e.error()).isEqualTo("States.QueryEvaluationError");
            assertThat(e.cause()).isEqualTo("The JSONata expression '$states.input.nothing' specified for the field"
                    + " 'Arguments/FunctionName' returned nothing (undefined).");
        });
    }

    @Test
    void aBrokenExpressionFailsToCompileAndAFailingOneIsAQueryEvaluationError() {
        assertThatThrownBy(() -> JsonataTemplate.compile(Json.parse("\"{% $sum( %}\""), "Output"))
                .isInstanceOf(PathSyntaxException.class);
        JsonataTemplate t = JsonataTemplate.compile(Json.parse("{\"x\": \"{% $states.input.s + 1 %}\"}"), "Output");
        assertThatThrownBy(() -> t.render(scope(1))).isInstanceOfSatisfying(AslException.class, e -> {
            assertThat(e.error()).isEqualTo("States.QueryEvaluationError");
            assertThat(e.cause()).contains("'Output/x'");
        });
        JsonataTemplate eval = JsonataTemplate.compile(Json.parse("\"{% $eval('1') %}\""), "Output");
        assertThatThrownBy(() -> eval.render(scope(1))).hasMessageContaining("$parse");
    }

    @Test
    void anExpressionThatWouldRunForMinutesStopsAtTheStepBudgetWithAQueryEvaluationError() {
        JsonataTemplate bomb = JsonataTemplate.compile(Json.parse("\"{% $count([1..1000].([1..1000].($ * 2))) %}\""), "Output");
        assertThatThrownBy(() -> bomb.render(scope(1))).isInstanceOfSatisfying(AslException.class, e -> {
            assertThat(e.error()).isEqualTo("States.QueryEvaluationError");
            assertThat(e.cause()).contains("'Output'").contains(StepBudget.LIMIT + " evaluation steps");
        });
        JsonataTemplate recursion = JsonataTemplate.compile(Json.parse(
                "\"{% ($f := function($n) { $f($n + 1) }; $f(0)) %}\""), "Output");
        assertThatThrownBy(() -> recursion.render(scope(1))).isInstanceOfSatisfying(AslException.class,
                e -> assertThat(e.error()).isEqualTo("States.QueryEvaluationError"));
    }

    @Test
    void aRangeLargerThanTheMostOneRangeMayHoldFailsBeforeItsNumbersAreAllocated() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        JsonataTemplate huge = JsonataTemplate.compile(Json.parse("\"{% [1..10000000] %}\""), "Output");
        long before = threads.getCurrentThreadAllocatedBytes();
        assertThatThrownBy(() -> huge.render(scope(1))).isInstanceOfSatisfying(AslException.class, e -> {
            assertThat(e.error()).isEqualTo("States.QueryEvaluationError");
            assertThat(e.cause()).contains("'Output'").contains("10000000 numbers").contains(StepBudget.MAX_RANGE + ", the most one range may hold");
        });
        // Ten million boxed numbers in a list would be some 200 MB; the range is refused while it is still a start and an end.
        assertThat(threads.getCurrentThreadAllocatedBytes() - before).as("bytes allocated").isLessThan(20_000_000L);
        JsonataTemplate counted = JsonataTemplate.compile(Json.parse("\"{% $count([1..10000000]) %}\""), "Output");
        assertThatThrownBy(() -> counted.render(scope(1))).hasMessageContaining("the most one range may hold");
    }

    @Test
    void manyRangesTogetherAreChargedToTheStepBudget() {
        JsonataTemplate each = JsonataTemplate.compile(Json.parse("\"{% $count([1..900000, 1..900000, 1..900000]) %}\""), "Output");
        assertThatThrownBy(() -> each.render(scope(1))).isInstanceOfSatisfying(AslException.class,
                e -> assertThat(e.cause()).contains(StepBudget.LIMIT + " evaluation steps"));
        JsonataTemplate fits = JsonataTemplate.compile(Json.parse("\"{% $count([1..1000000]) %}\""), "Output");
        assertThat(fits.render(scope(1)).asLong()).isEqualTo(1_000_000L);
    }

    @Test
    void shapingOneHundredThousandItemsFitsTheBudget() {
        JsonataTemplate t = JsonataTemplate.compile(Json.parse(
                "\"{% $sum([1..100000].($ * 2 + 1)) %}\""), "Output");
        assertThat(t.render(scope(1)).asLong()).isEqualTo(100000L * 100001L + 100000L);
    }
}
