package io.sluice.orchestration.pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.validation.DefinitionValidator;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PatternTemplateTest {
    private static final String TEMPLATE = """
            {"Comment": "two jobs and a status",
             "Steps": [
               {"Name": "Read", "Type": "Task", "Resource": "sluice:function:read-config", "ResultPath": "$.config",
                "Retry": [{"ErrorEquals": ["Config.Invalid"], "MaxAttempts": 0}, "{{retry}}"]},
               {"Name": "Job", "Repeat": "/jobs", "Type": "Task", "Resource": "sluice:function:glue-launch.sync",
                "Parameters": {"step": "job-{{n}}", "job.$": "$.config.jobs[{{i}}].job"}, "ResultPath": "$.runs.job_{{n}}"},
               {"Name": "Done", "Type": "Succeed"}],
             "Failure": [
               {"Name": "Record", "Type": "Pass", "ResultPath": null},
               {"Name": "Failed", "Type": "Fail", "ErrorPath": "$.failure.Error", "CausePath": "$.failure.Cause"}]}""";

    private static JsonNode render(String template, String config) {
        return PatternTemplate.parse("test", Json.parse(template)).render(Json.parse(config));
    }

    private static List<String> stateNames(JsonNode definition) {
        List<String> names = new ArrayList<>();
        definition.get("States").fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void stepsAreChainedInOrderAndTheFailurePathFollows() {
        JsonNode d = render(TEMPLATE, "{\"jobs\": [{\"job\": \"a\"}]}");
        assertThat(d.get("Comment").asText()).isEqualTo("two jobs and a status");
        assertThat(d.get("StartAt").asText()).isEqualTo("Read");
        assertThat(stateNames(d)).containsExactly("Read", "Job", "Done", "Record", "Failed");
        assertThat(d.at("/States/Read/Next").asText()).isEqualTo("Job");
        assertThat(d.at("/States/Job/Next").asText()).isEqualTo("Done");
        assertThat(d.at("/States/Done").has("Next")).isFalse();
        assertThat(d.at("/States/Record/Next").asText()).isEqualTo("Failed");
        assertThat(DefinitionValidator.validate(d)).isEmpty();
    }

    @Test
    void aRepeatedStepAppearsOncePerConfigEntryWithItsIndexAndNumber() {
        JsonNode one = render(TEMPLATE, "{\"jobs\": [{\"job\": \"a\"}]}");
        assertThat(one.at("/States/Job/Parameters/job.$").asText()).isEqualTo("$.config.jobs[0].job");
        assertThat(one.at("/States/Job/Parameters/step").asText()).isEqualTo("job-1");

        JsonNode three = render(TEMPLATE, "{\"jobs\": [{}, {}, {}]}");
        assertThat(stateNames(three)).containsExactly("Read", "Job 1", "Job 2", "Job 3", "Done", "Record", "Failed");
        assertThat(three.at("/States/Job 3/Parameters/job.$").asText()).isEqualTo("$.config.jobs[2].job");
        assertThat(three.at("/States/Job 3/ResultPath").asText()).isEqualTo("$.runs.job_3");
        assertThat(three.at("/States/Job 1/Next").asText()).isEqualTo("Job 2");
        assertThat(DefinitionValidator.validate(three)).isEmpty();
    }

    @Test
    void tasksGetTheConfiguredRetrierAndACatchIntoTheFailurePath() {
        JsonNode d = render(TEMPLATE, """
                {"jobs": [{}], "retry": {"maxAttempts": 5, "intervalSeconds": 7, "backoffRate": 1.5,
                                          "maxDelaySeconds": 60, "jitter": "FULL"}}""");
        assertThat(d.at("/States/Job/Retry")).isEqualTo(Json.parse("""
                [{"ErrorEquals": ["States.ALL"], "IntervalSeconds": 7, "MaxAttempts": 5, "BackoffRate": 1.5,
                  "MaxDelaySeconds": 60, "JitterStrategy": "FULL"}]"""));
        assertThat(d.at("/States/Job/Catch")).isEqualTo(Json.parse("""
                [{"ErrorEquals": ["States.ALL"], "ResultPath": "$.failure", "Next": "Record"}]"""));
        assertThat(d.at("/States/Read/Retry/0")).isEqualTo(Json.parse("{\"ErrorEquals\": [\"Config.Invalid\"], \"MaxAttempts\": 0}"));
        assertThat(d.at("/States/Read/Retry/1/MaxAttempts").asInt()).isEqualTo(5);
        assertThat(d.at("/States/Done").has("Retry")).isFalse();
        assertThat(d.at("/States/Record").has("Catch")).as("failure states are used as written").isFalse();
    }

    @Test
    void withoutARetrySectionTheDefaultsApply() {
        JsonNode d = render(TEMPLATE, "{\"jobs\": [{}]}");
        assertThat(d.at("/States/Job/Retry/0")).isEqualTo(Json.parse("""
                {"ErrorEquals": ["States.ALL"], "IntervalSeconds": 5, "MaxAttempts": 3, "BackoffRate": 2.0}"""));
    }

    @Test
    void templateMistakesAreReportedAsBugs() {
        assertThatThrownBy(() -> render(TEMPLATE.replace("\"Done\", \"Type\"", "\"Job\", \"Type\""), "{\"jobs\": [{}]}"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("two states named 'Job'");
        assertThatThrownBy(() -> render(TEMPLATE.replace("\"Type\": \"Succeed\"", "\"Type\": \"Succeed\", \"Comment\": \"{{oops}}\""),
                "{\"jobs\": [{}]}"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("unknown placeholder in '{{oops}}'");
        assertThatThrownBy(() -> render(TEMPLATE, "{\"jobs\": 3}"))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("repeats over /jobs");
        assertThatThrownBy(() -> PatternTemplate.parse("t", Json.parse("{\"Steps\": []}")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("needs Steps");
        assertThatThrownBy(() -> PatternTemplate.parse("t", Json.parse("{\"Steps\": [{\"Type\": \"Pass\"}], \"Failure\": [{}]}")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("needs Name and Type");
    }

    @Test
    void renderingDoesNotChangeTheTemplate() {
        PatternTemplate t = PatternTemplate.parse("test", Json.parse(TEMPLATE));
        JsonNode first = t.render(Json.parse("{\"jobs\": [{}, {}]}"));
        t.render(Json.parse("{\"jobs\": [{}], \"retry\": {\"maxAttempts\": 9}}"));
        assertThat(t.render(Json.parse("{\"jobs\": [{}, {}]}"))).isEqualTo(first);
    }
}
