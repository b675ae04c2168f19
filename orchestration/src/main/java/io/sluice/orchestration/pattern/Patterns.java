package io.sluice.orchestration.pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.ContentHash;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.validation.DefinitionValidator;
import io.sluice.orchestration.validation.Problem;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The four pipeline patterns: each renders an ASL definition from a small config.
 *
 * <p>A config holds two kinds of values. Its <em>shape</em> (the retry policy, how many enrichment
 * or transform jobs, how many export targets) decides which states the definition has. Everything
 * else (paths, job names and arguments, tables, upstream pipelines, concurrency, deadlines) is read
 * at run time: the first state calls {@code read-config}, which loads the pipeline's config and
 * puts it at {@code $.config}, and later states select from there. So changing a path or a job
 * parameter changes the config, never the definition or its hash.
 *
 * <p>Every template and schema is loaded and checked when this is built; a missing or malformed
 * one is a bug in this module and fails with {@link IllegalStateException}.
 */
public final class Patterns {
    private record Compiled(PatternTemplate template, ConfigSchema schema) {}

    private final Map<PipelinePattern, Compiled> patterns = new EnumMap<>(PipelinePattern.class);

    public Patterns(PatternResources resources) {
        for (PipelinePattern p : PipelinePattern.values()) {
            JsonNode template = load(resources, p.templateResource());
            JsonNode schema = load(resources, p.schemaResource());
            patterns.put(p, new Compiled(PatternTemplate.parse(p.id(), template), ConfigSchema.of(schema)));
        }
    }

    /** The pattern names, in the order they are documented. */
    public List<String> names() {
        return PipelinePattern.ids();
    }

    /** The JSON Schema a pattern's config must match (a copy). */
    public JsonNode schema(PipelinePattern pattern) {
        return patterns.get(pattern).schema().source().deepCopy();
    }

    /**
     * Every problem {@code config} has with {@code pattern}'s schema, in pointer order; empty when it
     * would render. What {@code read-config} checks a pattern pipeline's config with at run time.
     */
    public List<ConfigProblem> check(PipelinePattern pattern, JsonNode config) {
        return patterns.get(pattern).schema().check(config == null ? Json.NODES.nullNode() : config);
    }

    /**
     * Renders {@code pattern} from {@code config}: the definition when the config matches the
     * pattern's schema, else every problem with it. A rendered definition always passes
     * {@link DefinitionValidator} without errors.
     */
    public Rendering render(String pattern, JsonNode config) {
        Optional<PipelinePattern> known = PipelinePattern.byId(pattern);
        if (known.isEmpty()) {
            return new Rendering.UnknownPattern(pattern, names());
        }
        PipelinePattern p = known.get();
        Compiled compiled = patterns.get(p);
        List<ConfigProblem> problems = compiled.schema().check(config == null ? Json.NODES.nullNode() : config);
        if (!problems.isEmpty()) {
            return new Rendering.Rejected(p, problems);
        }
        ObjectNode definition = compiled.template().render(config);
        List<Problem> invalid = DefinitionValidator.validate(definition).stream().filter(Problem::isError).toList();
        if (!invalid.isEmpty()) {
            throw new IllegalStateException("pattern " + p.id() + " rendered an invalid definition: " + invalid);
        }
        return new Rendering.Rendered(p, definition, ContentHash.of(definition));
    }

    private static JsonNode load(PatternResources resources, String name) {
        String text = resources.read(name);
        if (text == null) {
            throw new IllegalStateException("pattern resource " + PatternResources.ROOT + name + " is missing");
        }
        try {
            return Json.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("pattern resource " + PatternResources.ROOT + name + " is " + e.getMessage(), e);
        }
    }
}
