package io.sluice.orchestration.pattern;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfigSchemaTest {
    private static final ConfigSchema SCHEMA = ConfigSchema.of(Json.parse("""
            {"$schema": "https://json-schema.org/draft/2020-12/schema",
             "type": "object",
             "properties": {
               "job": {"$ref": "#/$defs/job", "description": "The job to run."},
               "jobs": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/job"}},
               "odd/name": {"type": "integer", "minimum": 1, "maximum": 9},
               "format": {"enum": ["csv", "parquet"]}},
             "required": ["job"],
             "additionalProperties": false,
             "$defs": {"job": {"type": "object",
                               "properties": {"name": {"type": "string", "minLength": 1, "description": "The name of the job."},
                                              "arguments": {"type": "object", "additionalProperties": {"type": "string"}}},
                               "required": ["name"], "additionalProperties": false}}}"""));

    private static List<String> problems(String config) {
        return SCHEMA.check(Json.parse(config)).stream().map(ConfigProblem::toString).toList();
    }

    @Test
    void aValidConfigHasNoProblems() {
        assertThat(problems("{\"job\": {\"name\": \"a\", \"arguments\": {\"--x\": \"1\"}}, \"format\": \"csv\"}")).isEmpty();
    }

    @Test
    void aMissingFieldPointsAtWhereItBelongsAndSaysWhatItIs() {
        assertThat(problems("{}")).containsExactly("/job: Required field 'job' is missing: the job to run.");
        assertThat(problems("{\"job\": {}}")).containsExactly("/job/name: Required field 'name' is missing: the name of the job.");
    }

    @Test
    void anUnknownFieldNamesTheFieldsThatAreAllowed() {
        assertThat(problems("{\"job\": {\"name\": \"a\", \"nmae\": \"b\"}}"))
                .containsExactly("/job/nmae: 'nmae' is not a field here; the fields are name, arguments.");
    }

    @Test
    void everyProblemIsReportedAtOnceInPointerOrder() {
        assertThat(problems("""
                {"job": {"name": "", "arguments": {"--rows": 5}}, "jobs": [], "odd/name": 0, "format": "avro", "extra": 1}"""))
                .containsExactly(
                        "/extra: 'extra' is not a field here; the fields are job, jobs, odd/name, format.",
                        "/format: Expected one of [\"csv\",\"parquet\"], but found string \"avro\".",
                        "/job/arguments/--rows: Expected a string, but found number 5.",
                        "/job/name: Must not be empty.",
                        "/jobs: Needs at least 1 entry, but has 0.",
                        "/odd~1name: Must be 1 or more, but found number 0.");
    }

    @Test
    void problemsInArraysPointAtTheEntry() {
        assertThat(problems("{\"job\": {\"name\": \"a\"}, \"jobs\": [{\"name\": \"b\"}, {\"name\": 7}], \"odd/name\": 10}"))
                .containsExactly("/jobs/1/name: Expected a string, but found number 7.",
                        "/odd~1name: Must be 9 or less, but found number 10.");
    }

    @Test
    void aConfigThatIsNotAnObjectIsOneProblemAtTheRoot() {
        assertThat(problems("[1]")).containsExactly("/: Expected an object, but found array [1].");
    }
}
