package io.sluice.orchestration.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.express.TaskOutcome;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.validation.DefinitionValidator;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Data-driven cases under {@code src/test/resources/conformance}: a definition, an input, scripted
 * task outcomes per function ({@code return} or {@code throw}; the last one repeats), and the
 * expected output or error, virtual time taken and call counts. Every definition must also pass the validator.
 */
class ConformanceTest {

    static Stream<Path> cases() throws URISyntaxException, IOException {
        Path dir = Path.of(ConformanceTest.class.getResource("/conformance").toURI());
        return Files.list(dir).filter(p -> p.toString().endsWith(".json")).sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void behavesAsStepFunctionsDoes(Path file) throws IOException {
        JsonNode spec = Json.parse(Files.readString(file));
        JsonNode definition = spec.get("definition");
        assertThat(DefinitionValidator.validate(definition)).as("validator problems").noneMatch(p -> p.isError());

        Map<String, Integer> calls = new HashMap<>();
        ExpressRunner runner = new ExpressRunner(DefinitionParser.parse(definition), task -> {
            int n = calls.merge(task.function(), 1, Integer::sum) - 1;
            JsonNode script = spec.path("tasks").path(task.function());
            JsonNode step = script.get(Math.min(n, script.size() - 1));
            if (step == null) {
                throw new AssertionError(file + ": no scripted outcome for function " + task.function());
            }
            return step.has("return") ? TaskOutcome.success(step.get("return"))
                    : TaskOutcome.failure(step.at("/throw/Error").asText(), step.at("/throw/Cause").asText(""));
        });
        ExpressResult r = runner.run("exec-c", "case", spec.path("input"), Machines.T0, RandomSource.seeded(11));

        JsonNode expect = spec.get("expect");
        assertThat(spec.path("description").asText()).isNotBlank();
        if (expect.has("output")) {
            assertThat(r.error()).as("error (cause: %s)", r.cause()).isNull();
            assertThat(r.output()).isEqualTo(expect.get("output"));
        } else {
            assertThat(r.error()).as("error (cause: %s)", r.cause()).isEqualTo(expect.get("error").asText());
            if (expect.has("cause")) {
                assertThat(r.cause()).isEqualTo(expect.get("cause").asText());
            }
            if (expect.has("causeContains")) {
                assertThat(r.cause()).contains(expect.get("causeContains").asText());
            }
        }
        if (expect.has("elapsedSeconds")) {
            assertThat(Duration.between(r.startTime(), r.stopTime())).isEqualTo(Duration.ofSeconds(expect.get("elapsedSeconds").asLong()));
        }
        expect.path("calls").fields().forEachRemaining(e -> assertThat(calls.get(e.getKey())).as("calls of " + e.getKey()).isEqualTo(e.getValue().asInt()));
    }

}
