package io.sluice.local.pattern;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.pattern.Rendering;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Changing a path or a job parameter changes the config, never the definition: any config that
 * differs from an example only in its values renders the same bytes, with the same content hash.
 */
class PatternValuesProperties {

    @Provide
    Arbitrary<String> patterns() {
        return Arbitraries.of("ingestion", "export", "simulation", "manual-upload");
    }

    @Property(tries = 100, seed = "20261202")
    void valuesNeverReachTheDefinition(@ForAll("patterns") String pattern, @ForAll long seed) {
        JsonNode example = PatternExamples.config(pattern);
        JsonNode changed = new ValueRewriter(seed).rewrite(example);
        assertThat(changed).isNotEqualTo(example);

        Rendering.Rendered original = PatternExamples.render(pattern, example);
        Rendering.Rendered rendered = PatternExamples.render(pattern, changed);
        assertThat(rendered.hash()).isEqualTo(original.hash());
        assertThat(Json.write(rendered.definition())).isEqualTo(Json.write(original.definition()));
    }
}
