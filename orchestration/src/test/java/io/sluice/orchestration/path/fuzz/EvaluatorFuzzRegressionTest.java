package io.sluice.orchestration.path.fuzz;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.error.AslException;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.PathSyntaxException;
import io.sluice.orchestration.path.Paths;
import io.sluice.orchestration.path.intrinsic.Intrinsics;
import io.sluice.orchestration.path.jsonata.JsonataTemplate;
import org.junit.jupiter.api.Test;

/**
 * Findings of {@link EvaluatorFuzzTest}. The crash-* files of its corpus are the exact inputs, replayed by it in
 * {@code mvn test}: one is a JSONata text on which com.dashjoin.jsonata's parser threw ClassCastException (now a
 * {@link PathSyntaxException}, in {@code Expression.compile}). The tests here state the fixes in plain inputs.
 *
 * <p>Jazzer also found a slow unit, a JSONata expression of ~40 chained descendant operators whose evaluation took
 * seconds of CPU on a small input; its exact text was not kept (a plain {@code **.**...} of 40 evaluates in well under
 * a second). Expressions that do run long now stop at the engine's evaluation budget, counted in evaluator steps,
 * not wall-clock time (com.dashjoin.jsonata's {@code Frame.setRuntimeBounds}, which would make the pure core's
 * result depend on the machine's speed): {@code JsonataTemplateTest}.
 */
class EvaluatorFuzzRegressionTest {
    @Test
    void endlessRecursionIsAnEvaluationError() {
        JsonataTemplate t = JsonataTemplate.compile(Json.NODES.textNode("{% ($f := function($x){ $f($x) + 1 }; $f(1)) %}"), "Output");
        assertThatThrownBy(() -> t.render(EvaluatorFuzzTest.scope())).isInstanceOf(AslException.class)
                .hasMessageContaining("for the field 'Output'");
    }

    @Test
    void aFilterOverAnArrayHoldingAnObjectSelectsWhatMatches() {
        // Found by the seed corpus once it was replayed as written (seed-046 of paths): Jayway's filter turns an object
        // or array operand into its own JsonNode through json-smart, which the build excluded: NoClassDefFoundError.
        assertThat(Paths.compile("$.a[?(@ > 1)]").select(EvaluatorFuzzTest.INPUT)).isEqualTo(Json.parse("[3, 2]"));
        assertThat(Paths.compile("$.a[?(@.b)]").select(EvaluatorFuzzTest.INPUT)).isEqualTo(Json.parse("[{\"b\": [1, 2]}]"));
    }

    @Test
    void anArrayIndexInAnotherScriptsDigitsOrTooLargeGetsNoNumberFormatException() {
        // Found by Jazzer (intrinsics): "$[\u0666333...]" passed Character.isDigit and Integer.parseInt threw
        // NumberFormatException out of ReferencePath.isReferencePath. Now such text is no reference path; it goes to
        // the JSONPath compiler, which reads it or refuses it with a PathSyntaxException.
        for (String text : new String[] {"States.ArrayLength($[\u0666" + "3".repeat(54) + "])", "$[\u0666]", "$[99999999999]"}) {
            assertThatCode(() -> {
                try {
                    if (text.startsWith("States.")) {
                        Intrinsics.parse(text);
                    } else {
                        Paths.compile(text);
                    }
                } catch (PathSyntaxException e) {
                    // a clear error is the right answer too
                }
            }).as(text).doesNotThrowAnyException();
        }
        assertThatThrownBy(() -> io.sluice.orchestration.path.ReferencePath.parse("$[99999999999]")).isInstanceOf(PathSyntaxException.class)
                .hasMessageContaining("larger than any array index");
        assertThat(Paths.compile("$.a[2]").select(EvaluatorFuzzTest.INPUT).asInt()).isEqualTo(2);
    }

    /**
     * Every kept input is in the form Jazzer reads a {@code String} argument from: a byte 1 (not null), the length as a
     * big-endian int, then the UTF-8 text. A plain text file would lose its first five bytes (a CI fuzz run found the
     * hand-written seeds had: {@code {"type":...} was replayed as {@code e":...}). To add a seed, prefix it so.
     */
    @Test
    void everyKeptInputIsInJazzersStringForm() throws java.io.IOException {
        java.nio.file.Path inputs = java.nio.file.Path.of("src/test/resources/io/sluice/orchestration/path/fuzz/EvaluatorFuzzTestInputs");
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.walk(inputs)) {
            java.util.List<java.nio.file.Path> all = files.filter(java.nio.file.Files::isRegularFile).toList();
            org.assertj.core.api.Assertions.assertThat(all).isNotEmpty();
            for (java.nio.file.Path f : all) {
                byte[] b = java.nio.file.Files.readAllBytes(f);
                org.assertj.core.api.Assertions.assertThat(b.length >= 5 && b[0] == 1
                        && java.nio.ByteBuffer.wrap(b, 1, 4).getInt() == b.length - 5).as(f.toString()).isTrue();
            }
        }
    }
}
