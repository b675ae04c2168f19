package io.sluice.orchestration.validation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The validator is total: whatever JSON it is given, it answers with a report, never an exception,
 * and every problem in it has a pointer to a value of the definition and a sentence. And it agrees
 * with the parser: a definition it accepts (warnings allowed) builds without throwing.
 *
 * <p>Inputs are mutations of the example definitions, the validator's fixtures and a corpus of
 * realistic Step Functions shapes ({@code definitions/real-shapes}: service integrations, JSONata,
 * Assign, distributed Map). A failure prints the seed and the mutated definition to replay it.
 */
class ValidatorFuzzTest {
    private static final List<JsonNode> SEEDS = seeds();
    private static final List<JsonNode> VALID_SEEDS =
            SEEDS.stream().filter(s -> DefinitionValidator.isValid(DefinitionValidator.validate(s))).toList();

    /** Half gentle (one scalar of a valid seed changed, often still valid), half heavy (structural mutations of any seed). */
    @Provide
    Arbitrary<JsonNode> mutated() {
        return Arbitraries.longs().map(seed -> {
            Random random = new Random(seed);
            return random.nextBoolean()
                    ? new DefinitionMutator(random).mutateGently(VALID_SEEDS.get(random.nextInt(VALID_SEEDS.size())))
                    : new DefinitionMutator(random).mutate(SEEDS.get(random.nextInt(SEEDS.size())));
        });
    }

    @Property(tries = 1500, seed = "20261202")
    void everyMutationIsReportedWithPointersAndSentences(@ForAll("mutated") JsonNode definition) {
        List<Problem> problems = validate(definition);
        for (Problem p : problems) {
            assertThat(p.pointer()).as(p.toString()).matches("(/[^/]*)*");
            assertThat(definition.at(p.pointer()).isMissingNode()).as("%s points into the definition", p).isFalse();
            assertThat(p.message()).as(p.toString()).isNotBlank().doesNotContain("null\"");
            // No Java class name in the sentence; what it quotes of the definition ('...') may say anything
            // (an error name such as 'Glue.ConcurrentRunsExceededException' moved by the mutator).
            assertThat(p.message().replaceAll("'[^']*'", "''")).as(p.toString()).doesNotContain("Exception");
        }
    }

    @Property(tries = 1500, seed = "20261202")
    void whatTheValidatorAcceptsTheParserBuilds(@ForAll("mutated") JsonNode definition) {
        boolean valid = DefinitionValidator.isValid(validate(definition));
        Statistics.collect(valid ? "accepted" : "rejected");
        if (valid) {
            assertThatCode(() -> DefinitionParser.parse(definition)).as(Json.write(definition)).doesNotThrowAnyException();
        }
    }

    @Example
    void everySeedIsReportedAndWhatIsAcceptedBuilds() {
        assertThat(SEEDS).hasSizeGreaterThan(60);
        for (JsonNode seed : SEEDS) {
            if (DefinitionValidator.isValid(validate(seed))) {
                assertThatCode(() -> DefinitionParser.parse(seed)).as(Json.write(seed)).doesNotThrowAnyException();
            }
        }
    }

    private static List<Problem> validate(JsonNode definition) {
        try {
            return DefinitionValidator.validate(definition);
        } catch (RuntimeException | StackOverflowError e) {
            throw new AssertionError("the validator threw on " + Json.write(definition), e);
        }
    }

    private static List<JsonNode> seeds() {
        List<JsonNode> seeds = new ArrayList<>();
        for (String folder : List.of("valid", "invalid", "real-shapes")) {
            Fixtures.names(folder).forEach(name -> seeds.add(Fixtures.definition(folder, name)));
        }
        try (Stream<Path> examples = Files.walk(Path.of("../examples"));
             Stream<Path> conformance = Files.list(Path.of("src/test/resources/conformance"))) {
            examples.filter(p -> p.toString().endsWith(".asl.json")).sorted().forEach(p -> seeds.add(read(p)));
            conformance.sorted().forEach(p -> seeds.add(read(p).get("definition")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return List.copyOf(seeds);
    }

    private static JsonNode read(Path file) {
        try {
            return Json.parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
