package io.sluice.aws.trigger;

import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.DefinitionParser;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.validation.DefinitionValidator;
import io.sluice.orchestration.validation.Problem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * The pipelines a Lambda deployment starts by id: the {@code <id>.asl.json} files bundled with it
 * ({@code sluice.triggers.pipelines}, by default {@code classpath*:pipelines/*.asl.json}), validated
 * once at cold start. A bundle with an invalid pipeline does not start: every problem is named.
 */
public final class BundledPipelines implements Function<String, Optional<Definition>> {
    private static final String SUFFIX = ".asl.json";

    private final Map<String, Definition> pipelines;

    private BundledPipelines(Map<String, Definition> pipelines) {
        this.pipelines = Map.copyOf(pipelines);
    }

    public static BundledPipelines load(ResourcePatternResolver resolver, String pattern) {
        Map<String, Definition> found = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        try {
            for (Resource r : resolver.getResources(pattern)) {
                String name = r.getFilename();
                if (name == null || !name.endsWith(SUFFIX)) {
                    continue;
                }
                String id = name.substring(0, name.length() - SUFFIX.length());
                String json = r.getContentAsString(StandardCharsets.UTF_8);
                List<Problem> checked;
                try {
                    checked = DefinitionValidator.validate(Json.parse(json));
                } catch (IllegalArgumentException e) {
                    problems.add(name + ": /: " + e.getMessage());
                    continue;
                }
                if (!DefinitionValidator.isValid(checked)) {
                    checked.stream().filter(Problem::isError).forEach(p -> problems.add(name + ": " + p.pointer() + ": " + p.message()));
                } else if (found.put(id, DefinitionParser.parse(Json.parse(json))) != null) {
                    problems.add(name + ": /: pipeline '" + id + "' is bundled twice");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundled pipelines " + pattern, e);
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("The bundled pipelines (" + pattern + ") are not valid:\n" + String.join("\n", problems));
        }
        return new BundledPipelines(found);
    }

    @Override
    public Optional<Definition> apply(String id) {
        return Optional.ofNullable(pipelines.get(id));
    }

    public java.util.Set<String> ids() {
        return pipelines.keySet();
    }
}
