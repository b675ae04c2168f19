package io.sluice.orchestration.path.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.Path;
import io.sluice.orchestration.path.PathSyntaxException;
import io.sluice.orchestration.path.Paths;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Scope;
import io.sluice.orchestration.path.intrinsic.IntrinsicCall;
import io.sluice.orchestration.path.intrinsic.Intrinsics;
import io.sluice.orchestration.path.jsonata.JsonataTemplate;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * Coverage-guided fuzzing (Jazzer) of the text the engine evaluates: JSONPath, the {@code States.*}
 * intrinsic functions and JSONata expressions. Whatever the text, compiling it either succeeds or throws
 * {@link PathSyntaxException} quoting the text with a reason; evaluating it either gives a value or throws
 * {@link AslException} with an ASL error name and a sentence (JSONata's naming the field). Nothing else
 * may escape: no other exception, no {@link StackOverflowError}. And evaluation leaves the input as it was.
 *
 * <p>{@code mvn test} runs these in Jazzer's regression mode: every file of the seed corpus
 * ({@code src/test/resources/io/sluice/orchestration/path/fuzz/EvaluatorFuzzTestInputs/<method>/}) and every
 * finding kept there once. A fuzzing run, which mutates guided by coverage and writes new findings there:
 * <pre>
 * JAZZER_FUZZ=1 mvn -B -o test -pl orchestration -Dtest=EvaluatorFuzzTest#intrinsics   (maxDuration each, see below)
 * </pre>
 * A fuzzing run also leaves its working corpus in {@code orchestration/.cifuzz-corpus} (not committed), which regression
 * mode then replays as well; delete it to get back to the committed corpus.
 */
class EvaluatorFuzzTest {
    static final JsonNode INPUT = Json.parse("""
            {"a": [3, 1, 2, "x", null, {"b": [1, 2]}], "s": "x,y,,z", "n": 42, "f": 1.5, "o": {"k": {"deep": true}},
             "e": [], "u": "\\u00e9\\u0000", "big": 9007199254740993, "neg": -1}
            """);
    static final JsonNode CONTEXT = Json.parse("""
            {"Execution": {"Id": "orders:run-7", "Name": "run-7", "Input": {"n": 1}}, "State": {"Name": "S", "RetryCount": 0},
             "Map": {"Item": {"Index": 2, "Value": {"id": 7}}}, "Task": {"Token": "tok"}}
            """);
    static final Instant NOW = Instant.parse("2026-11-29T06:30:00Z");
    private static final Set<String> EVALUATION_ERRORS = Set.of(ErrorNames.INTRINSIC_FAILURE, ErrorNames.PARAMETER_PATH_FAILURE,
            ErrorNames.QUERY_EVALUATION_ERROR, ErrorNames.RUNTIME);

    static Scope scope() {
        return new Scope(INPUT.deepCopy(), CONTEXT.deepCopy(), RandomSource.seeded(7), Map.of("v", Json.parse("{\"k\": 5}"))::get,
                null, null, NOW);
    }

    @FuzzTest(maxDuration = "60s")
    void intrinsics(String text) {
        IntrinsicCall call;
        try {
            call = Intrinsics.parse(text);
        } catch (PathSyntaxException e) {
            assertSyntaxError(text, e);
            return;
        }
        evaluate(() -> call.evaluate(scope()));
    }

    @FuzzTest(maxDuration = "60s")
    void paths(String text) {
        Path path;
        try {
            path = Paths.compile(text);
        } catch (PathSyntaxException e) {
            assertSyntaxError(text, e);
            return;
        }
        assertThat(path.text()).isEqualTo(text);
        evaluate(() -> path.select(INPUT));
        assertThat(INPUT).isEqualTo(Json.parse(Json.write(INPUT)));
    }

    @FuzzTest(maxDuration = "60s")
    void jsonata(String text) {
        JsonataTemplate template;
        try {
            template = JsonataTemplate.compile(Json.NODES.textNode("{% " + text + " %}"), "Output");
        } catch (PathSyntaxException e) {
            assertThat(e.getMessage()).isNotBlank();
            return;
        }
        Scope scope = scope();
        JsonNode before = scope.input().deepCopy();
        evaluate(() -> template.render(scope));
        assertThat(scope.input()).as("the expression did not change its input").isEqualTo(before);
    }

    private static void assertSyntaxError(String text, PathSyntaxException e) {
        assertThat(e.text()).isEqualTo(text);
        assertThat(e.getMessage()).startsWith("'" + text + "' is not a valid path: ");
        assertThat(e.getMessage().length()).as(e.getMessage()).isGreaterThan(("'" + text + "' is not a valid path: ").length());
    }

    private static void evaluate(Runnable evaluation) {
        try {
            evaluation.run();
        } catch (AslException e) {
            assertThat(EVALUATION_ERRORS).as(e.error()).contains(e.error());
            assertThat(e.cause()).isNotBlank();
            // No Java class name in the reason; the cause also quotes the caller's own text, which may say anything.
            assertThat(reasonOf(e.cause())).as(e.cause()).doesNotContain("Exception");
        }
    }

    /** A cause without what it quotes: the reason after "threw an error during evaluation. ", or the cause with quoted parts removed. */
    static String reasonOf(String cause) {
        int at = cause.lastIndexOf("threw an error during evaluation. ");
        return at >= 0 ? cause.substring(at) : cause.replaceAll("'[^']*'", "''");
    }
}
