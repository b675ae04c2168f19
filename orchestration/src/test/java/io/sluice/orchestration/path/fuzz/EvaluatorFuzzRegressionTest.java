package io.sluice.orchestration.path.fuzz;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.PathSyntaxException;
import io.sluice.orchestration.path.Paths;
import io.sluice.orchestration.path.intrinsic.Intrinsics;
import io.sluice.orchestration.path.jsonata.JsonataTemplate;
import org.junit.jupiter.api.Test;

/**
 * Findings of {@link EvaluatorFuzzTest}, with the inputs that found them (also kept in its corpus as crash-* files).
 *
 * <p>Open, not fixed here: Jazzer also found a slow unit, a JSONata expression of ~40 chained descendant operators
 * ({@code **.**.**...}) whose evaluation takes seconds of CPU on a small input. Bounding it needs a budget for an
 * evaluation (com.dashjoin.jsonata's {@code Frame.setRuntimeBounds} is a wall-clock timeout, which would make the
 * pure core's result depend on the machine's speed), a decision for the engine's design rather than for a fuzz fix;
 * the input is kept out of the corpus so that regression mode stays fast.
 */
class EvaluatorFuzzRegressionTest {
    @Test
    void aParserFaultOfJsonataIsASyntaxError() {
        // Found by Jazzer: com.dashjoin.jsonata's parser threw ClassCastException (String to Parser$Symbol),
        // which escaped the validator and the pipeline loader.
        String found = "\u0001\u0000\u0000\u0003v$states.input.lines" + "\u0000".repeat(130)
                + "$parse($states.errorOutput.Cause).Stat\u007f\u007f\u007f\u007f\u007f\u007f\u007f\u007f\u0000\u00001";
        assertThatThrownBy(() -> JsonataTemplate.compile(Json.NODES.textNode("{% " + found + " %}"), "Output"))
                .isInstanceOf(PathSyntaxException.class).hasMessageContaining("JSONata cannot parse it");
    }

    @Test
    void endlessRecursionIsAnEvaluationError() {
        JsonataTemplate t = JsonataTemplate.compile(Json.NODES.textNode("{% ($f := function($x){ $f($x) + 1 }; $f(1)) %}"), "Output");
        assertThatThrownBy(() -> t.render(EvaluatorFuzzTest.scope())).isInstanceOf(AslException.class)
                .hasMessageContaining("in field 'Output'");
    }

    @Test
    void anArrayIndexInAnotherScriptsDigitsOrTooLargeIsASyntaxError() {
        // Found by Jazzer (intrinsics): "$[\u0666333...]" passed Character.isDigit and Integer.parseInt threw.
        String found = "States.ArrayLength($[\u0666" + "3".repeat(54) + "])";
        assertThatThrownBy(() -> Intrinsics.parse(found)).isInstanceOf(PathSyntaxException.class);
        assertThatThrownBy(() -> Paths.compile("$[\u0666]")).isInstanceOf(PathSyntaxException.class);
        assertThatThrownBy(() -> Paths.compile("$[99999999999]")).isInstanceOf(PathSyntaxException.class);
        org.assertj.core.api.Assertions.assertThat(Paths.compile("$[2]").select(EvaluatorFuzzTest.INPUT).asInt()).isEqualTo(2);
    }
}
