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
                 "missing": "{% $states.input.nothing %}"}"""), "Arguments");
        assertThat(t.render(scope(1))).isEqualTo(Json.parse("""
                {"k": 10, "parts": [[3, 1], [2]], "r": [1, 3, 5],
                 "h": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "p": 1, "lit": ["$.a", 1]}"""));
    }

    @Test
    void aBrokenExpressionFailsToCompileAndAFailingOneIsAQueryEvaluationError() {
        assertThatThrownBy(() -> JsonataTemplate.compile(Json.parse("\"{% $sum( %}\""), "Output"))
                .isInstanceOf(PathSyntaxException.class);
        JsonataTemplate t = JsonataTemplate.compile(Json.parse("{\"x\": \"{% $states.input.s + 1 %}\"}"), "Output");
        assertThatThrownBy(() -> t.render(scope(1))).isInstanceOfSatisfying(AslException.class, e -> {
            assertThat(e.error()).isEqualTo("States.QueryEvaluationError");
            assertThat(e.cause()).contains("'Output.x'");
        });
        JsonataTemplate eval = JsonataTemplate.compile(Json.parse("\"{% $eval('1') %}\""), "Output");
        assertThatThrownBy(() -> eval.render(scope(1))).hasMessageContaining("$parse");
    }

    @Test
    void anExpressionThatWouldRunForMinutesStopsAtTheStepBudgetWithAQueryEvaluationError() {
        JsonataTemplate bomb = JsonataTemplate.compile(Json.parse("\"{% $count([1..10000000].([1..10000000])) %}\""), "Output");
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
    void shapingOneHundredThousandItemsFitsTheBudget() {
        JsonataTemplate t = JsonataTemplate.compile(Json.parse(
                "\"{% $sum([1..100000].($ * 2 + 1)) %}\""), "Output");
        assertThat(t.render(scope(1)).asLong()).isEqualTo(100000L * 100001L + 100000L);
    }
}
