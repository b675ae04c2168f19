package io.sluice.orchestration.pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.definition.ContentHash;
import io.sluice.orchestration.json.Json;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The facade on stand-in resources; the real templates are tested where they are read (adapters/local). */
class PatternsTest {
    private static final String SCHEMA = """
            {"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object",
             "properties": {"jobs": {"type": "array", "minItems": 1}, "retry": {"type": "object"}},
             "required": ["jobs"]}""";
    private static final String TEMPLATE = """
            {"Steps": [{"Name": "Job", "Repeat": "/jobs", "Type": "Task", "Resource": "sluice:function:glue-launch.sync",
                        "Parameters": {"job.$": "$.config.jobs[{{i}}]"}}],
             "Failure": [{"Name": "Failed", "Type": "Fail", "ErrorPath": "$.failure.Error", "CausePath": "$.failure.Cause"}]}""";

    private static Map<String, String> resources(String template) {
        Map<String, String> texts = new HashMap<>();
        for (PipelinePattern p : PipelinePattern.values()) {
            texts.put(p.templateResource(), template);
            texts.put(p.schemaResource(), SCHEMA);
        }
        return texts;
    }

    private final Patterns patterns = new Patterns(resources(TEMPLATE)::get);

    @Test
    void aValidConfigRendersADefinitionWithItsContentHash() {
        Rendering r = patterns.render("export", Json.parse("{\"jobs\": [1, 2]}"));
        assertThat(r).isInstanceOfSatisfying(Rendering.Rendered.class, ok -> {
            assertThat(ok.pattern()).isEqualTo(PipelinePattern.EXPORT);
            assertThat(ok.definition().at("/States/Job 1/Next").asText()).isEqualTo("Job 2");
            assertThat(ok.definition().at("/States/Job 2/Catch/0/Next").asText()).isEqualTo("Failed");
            assertThat(ok.hash()).isEqualTo(ContentHash.of(ok.definition()));
        });
    }

    @Test
    void anInvalidConfigIsRejectedWithEveryProblem() {
        Rendering r = patterns.render("simulation", Json.parse("{\"jobs\": [], \"retry\": 1}"));
        assertThat(r).isInstanceOfSatisfying(Rendering.Rejected.class, rejected -> assertThat(rejected.problems())
                .extracting(ConfigProblem::pointer).containsExactly("/jobs", "/retry"));
        assertThat(patterns.render("simulation", null)).isEqualTo(new Rendering.Rejected(PipelinePattern.SIMULATION,
                java.util.List.of(new ConfigProblem("", "Expected an object, but found null."))));
    }

    @Test
    void anUnknownPatternNamesTheFour() {
        assertThat(patterns.render("ingest", Json.object())).isEqualTo(
                new Rendering.UnknownPattern("ingest", java.util.List.of("ingestion", "export", "simulation", "manual-upload")));
        assertThat(patterns.names()).containsExactly("ingestion", "export", "simulation", "manual-upload");
    }

    @Test
    void aMissingOrBrokenResourceOrATemplateThatRendersBadAslIsABug() {
        Map<String, String> missing = resources(TEMPLATE);
        missing.remove("manual-upload.schema.json");
        assertThatThrownBy(() -> new Patterns(missing::get)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("io/sluice/patterns/manual-upload.schema.json is missing");

        Map<String, String> broken = resources(TEMPLATE);
        broken.put("export.template.json", "{\"Steps\": ");
        assertThatThrownBy(() -> new Patterns(broken::get)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("export.template.json is not valid JSON");

        Patterns badAsl = new Patterns(resources(TEMPLATE.replace("sluice:function:glue-launch.sync", "nope"))::get);
        assertThatThrownBy(() -> badAsl.render("ingestion", Json.parse("{\"jobs\": [1]}")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("rendered an invalid definition");
    }
}
