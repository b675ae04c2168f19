package io.sluice.orchestration.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Agreement with Step Functions as AWS recorded it (issue 34): every execution of the recorded corpus
 * ({@link RecordedCorpus}) runs, the table of agreement per category and the list of disagreements is printed and
 * written to {@code target/recorded-conformance.txt}, and the agreement may not fall below what it is today.
 *
 * <p>Run it with {@code mvn -o -pl orchestration test -Dtest=RecordedConformanceTest}, or run
 * {@link RecordedCorpus#main} on the test classpath. The corpus comes from {@code orchestration/tools/recorded_cases.py}
 * (what it left out, and why, is in {@code conformance-recorded/SKIPPED.md}).
 */
class RecordedConformanceTest {
    /** Recorded executions that end as AWS's did, today (all of them): raise it with the corpus, never lower it. */
    static final int FLOOR_AGREEING = 786;
    /** Of those, the failures whose cause is AWS's text too: all of them. */
    static final int FLOOR_SAME_CAUSE = 786;
    /** The runs the engine is measured on; a new conversion of the corpus changes it, with the floors. */
    static final int CORPUS_SIZE = 786;

    @Test
    void agreesWithAwsRecordings() throws IOException {
        List<RecordedCorpus.Outcome> outcomes = RecordedCorpus.runAll(RecordedCorpus.directory());
        String report = RecordedCorpus.report(outcomes);
        System.out.println(report);
        Files.writeString(Path.of("target", "recorded-conformance.txt"), report);

        List<RecordedCorpus.Outcome> counted = RecordedCorpus.counted(outcomes);
        assertThat(counted.size()).as("recorded executions the engine is measured on").isEqualTo(CORPUS_SIZE);
        assertThat(counted.stream().filter(RecordedCorpus.Outcome::agrees).count())
                .as("recorded executions that end as AWS's did (see target/recorded-conformance.txt)")
                .isGreaterThanOrEqualTo(FLOOR_AGREEING);
        assertThat(counted.stream().filter(RecordedCorpus.Outcome::causeAgrees).count())
                .as("recorded executions that end as AWS's did, a failure with AWS's cause text too")
                .isGreaterThanOrEqualTo(FLOOR_SAME_CAUSE);
    }

    @Test
    void everyCaseCitesItsRecording() throws IOException {
        try (var files = Files.walk(RecordedCorpus.directory())) {
            for (Path file : files.filter(p -> p.toString().endsWith(".json")).toList()) {
                var spec = Json.parse(Files.readString(file));
                assertThat(spec.path("oracle").asText()).as(file + ": oracle").isEqualTo("aws-recorded");
                assertThat(spec.path("source").asText()).as(file + ": source")
                        .startsWith("https://github.com/localstack/localstack/blob/").contains("recorded ");
                assertThat(spec.path("category").asText()).as(file + ": category").isNotBlank();
                assertThat(spec.path("runs")).as(file + ": runs").isNotEmpty();
                if (spec.has("lambda")) {
                    assertThat(spec.at("/lambda/source").asText()).as(file + ": where the stand-in function's behaviour is written")
                            .startsWith("https://github.com/localstack/localstack/blob/");
                }
            }
        }
    }

    @Test
    void aPlaceholderOfLocalStackStandsForAnyQuotedInputAndNothingElseIsLoose() {
        String recorded = "The JSONPath '$.x' specified for the field 'ErrorPath' could not be found in the input '<json-input:1>'";
        assertThat(RecordedCorpus.sameCause(recorded, "The JSONPath '$.x' specified for the field 'ErrorPath' could not be found in the input '{\"a\":1}'")).isTrue();
        assertThat(RecordedCorpus.sameCause(recorded, "The JSONPath '$.y' specified for the field 'ErrorPath' could not be found in the input '{}'")).isFalse();
        assertThat(RecordedCorpus.sameCause("Invalid path '$.a'", "Invalid path '$.a' ")).isFalse();
    }

    @Test
    void numbersCompareByValueAndAnythingElseExactly() {
        assertThat(RecordedCorpus.sameJson(Json.parse("{\"a\":[1.0,2]}"), Json.parse("{\"a\":[1,2.0]}"))).isTrue();
        assertThat(RecordedCorpus.sameJson(Json.parse("{\"a\":\"1\"}"), Json.parse("{\"a\":1}"))).isFalse();
        assertThat(RecordedCorpus.sameJson(Json.parse("{\"a\":1}"), Json.parse("{\"a\":1,\"b\":null}"))).isFalse();
        assertThat(RecordedCorpus.sameJson(Json.NODES.textNode("{\"m\": \"x\", \"n\": [1]}"), Json.NODES.textNode("{\"m\":\"x\",\"n\":[1]}"))).isTrue();
        assertThat(RecordedCorpus.sameJson(Json.NODES.textNode("{\"m\": \"x\"}"), Json.NODES.textNode("{\"m\":\"y\"}"))).isFalse();
    }
}
