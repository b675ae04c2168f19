package io.sluice.local.pipeline;

import io.sluice.functions.pipeline.PipelineProblem;
import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.pattern.ConfigProblem;
import io.sluice.orchestration.pattern.Patterns;
import io.sluice.orchestration.pattern.Rendering;
import java.util.List;

/**
 * A pipeline written as a pattern config ({@code <id>.config.json}): its {@code pattern} field says
 * which pattern renders it, and its {@code pipeline} field must be the file's id, because that is the
 * name read-config finds the config by when the pipeline runs.
 */
final class PatternPipelines {
    private PatternPipelines() {}

    /** The rendered definition, or {@code null} with the reasons added to {@code problems}. */
    static JsonNode render(String id, String file, JsonNode config, Patterns patterns, List<PipelineProblem> problems) {
        JsonNode pattern = config.path("pattern");
        if (!pattern.isTextual()) {
            problems.add(new PipelineProblem(file, "/pattern", "A pipeline config names its pattern: \"pattern\": one of "
                    + String.join(", ", patterns.names()) + ".", false));
            return null;
        }
        JsonNode pipeline = config.path("pipeline");
        if (pipeline.isTextual() && !pipeline.asText().equals(id)) {
            problems.add(new PipelineProblem(file, "/pipeline", "The config is for pipeline '" + pipeline.asText() + "' but its file"
                    + " makes it pipeline '" + id + "'; rename the file " + pipeline.asText() + PipelineCatalog.CONFIG_SUFFIX
                    + " or correct the field.", false));
            return null;
        }
        return switch (patterns.render(pattern.asText(), config)) {
            case Rendering.Rendered r -> r.definition();
            case Rendering.Rejected r -> {
                for (ConfigProblem p : r.problems()) {
                    problems.add(new PipelineProblem(file, p.pointer(), p.message(), false));
                }
                yield null;
            }
            case Rendering.UnknownPattern u -> {
                problems.add(new PipelineProblem(file, "/pattern", "There is no pattern '" + u.name() + "'; the patterns are "
                        + String.join(", ", u.known()) + ".", false));
                yield null;
            }
        };
    }
}
