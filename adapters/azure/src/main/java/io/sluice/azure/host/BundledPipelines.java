package io.sluice.azure.host;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.functions.trigger.upstream.CreatedUpstreams;
import io.sluice.functions.trigger.upstream.DependencyGraph;
import io.sluice.functions.trigger.upstream.Dependent.Dependency;
import io.sluice.functions.trigger.upstream.DependsOn;
import io.sluice.functions.trigger.upstream.FixedDependencyGraph;
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
import java.util.TreeMap;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * The pipelines an Azure deployment runs: the {@code <id>.asl.json} files bundled with it (by default
 * {@code classpath*:pipelines/*.asl.json}; several patterns separated by commas), validated once when the worker starts, each with the
 * {@code dependsOn} of its optional {@code <id>.pipeline.json}. A bundle with an invalid file does not start,
 * and the error names every problem as {@code FILE: /pointer: sentence}.
 */
public final class BundledPipelines implements PipelineDefinitions {
    static final String SUFFIX = ".asl.json";
    private static final String OPTIONS_SUFFIX = ".pipeline.json";

    private final Map<String, Definition> pipelines;
    private final Map<String, List<Dependency>> dependsOn;
    private final Map<String, java.time.Duration> retention;
    private final Map<String, Priority> priorities;

    private BundledPipelines(Map<String, Definition> pipelines, Map<String, List<Dependency>> dependsOn,
                             Map<String, java.time.Duration> retention, Map<String, Priority> priorities) {
        this.pipelines = Map.copyOf(pipelines);
        this.dependsOn = Map.copyOf(dependsOn);
        this.retention = Map.copyOf(retention);
        this.priorities = Map.copyOf(priorities);
    }

    /** The priority channel pipeline {@code id} declares in its options file ({@link Priority#DEFAULT} without one). */
    public Priority priority(String id) {
        return priorities.getOrDefault(id, Priority.DEFAULT);
    }

    /** How long pipeline {@code id}'s finished executions stay in Redis, where its options say ({@code "retention": "P7D"}). */
    public java.util.Optional<java.time.Duration> retention(String id) {
        return java.util.Optional.ofNullable(retention.get(id));
    }


    private static List<Resource> resources(ResourcePatternResolver resolver, String patterns) throws IOException {
        List<Resource> out = new ArrayList<>();
        for (String pattern : patterns.split(",")) {
            if (!pattern.isBlank()) {
                out.addAll(List.of(resolver.getResources(pattern.strip())));
            }
        }
        return out;
    }

    /** The bundle at {@code pattern}, whose upstreams are all bundled (no tenants: no state machine can be created through the API). */
    public static BundledPipelines load(ResourcePatternResolver resolver, String pattern) {
        return load(resolver, pattern, Tenancy.SINGLE);
    }

    /**
     * The bundle at {@code pattern}; an upstream that is not bundled is accepted when it may be a state machine created through
     * the Step Functions API by the dependent's tenant ({@link CreatedUpstreams}, over the app's tenants file).
     */
    public static BundledPipelines load(ResourcePatternResolver resolver, String pattern, Tenancy tenancy) {
        Map<String, Definition> found = new TreeMap<>();
        Map<String, List<Dependency>> dependsOn = new TreeMap<>();
        Map<String, java.time.Duration> retention = new TreeMap<>();
        Map<String, Priority> priorities = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        try {
            for (Resource r : resources(resolver, pattern)) {
                String name = r.getFilename();
                if (name == null || !name.endsWith(SUFFIX)) {
                    continue;
                }
                String id = name.substring(0, name.length() - SUFFIX.length());
                definition(name, r.getContentAsString(StandardCharsets.UTF_8), problems)
                        .ifPresent(d -> {
                            if (found.put(id, d) != null) {
                                problems.add(name + ": /: pipeline '" + id + "' is bundled twice");
                            }
                        });
                Resource options = r.createRelative(id + OPTIONS_SUFFIX);
                if (options.exists()) {
                    String text = options.getContentAsString(StandardCharsets.UTF_8);
                    dependsOn.put(id, dependsOn(id, text, problems));
                    retention(id, text, problems).ifPresent(d -> retention.put(id, d));
                    priorities.put(id, priority(id, text, problems));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundled pipelines " + pattern, e);
        }
        dependsOn.forEach((id, deps) -> deps.forEach(d -> CreatedUpstreams.problem(id, d.upstream(), found.keySet(), tenancy)
                .ifPresent(p -> problems.add(id + OPTIONS_SUFFIX + ": /dependsOn: " + p))));
        if (!problems.isEmpty()) {
            throw new IllegalStateException("The bundled pipelines (" + pattern + ") are not valid:\n" + String.join("\n", problems));
        }
        return new BundledPipelines(found, dependsOn, retention, priorities);
    }

    /** An options file's {@code "priority"}, as on every host ({@link Priority#ofOptions}). */
    private static Priority priority(String id, String text, List<String> problems) {
        try {
            return Priority.ofOptions(Json.parse(text), id + OPTIONS_SUFFIX, problems::add);
        } catch (IllegalArgumentException e) {
            return Priority.DEFAULT; // reported with the file's dependsOn
        }
    }

    /** An options file's {@code "retention"}: an ISO-8601 duration, as locally; anything else is a problem naming it. */
    private static java.util.Optional<java.time.Duration> retention(String id, String text, List<String> problems) {
        JsonNode value;
        try {
            value = Json.parse(text).get("retention");
        } catch (IllegalArgumentException e) {
            return java.util.Optional.empty(); // reported with the file's dependsOn
        }
        if (value == null || value.isNull()) {
            return java.util.Optional.empty();
        }
        try {
            java.time.Duration d = value.isTextual() ? java.time.Duration.parse(value.asText()) : null;
            if (d != null && !d.isNegative() && !d.isZero()) {
                return java.util.Optional.of(d);
            }
        } catch (java.time.format.DateTimeParseException e) {
            // reported below
        }
        problems.add(id + OPTIONS_SUFFIX + ": /retention: expected an ISO-8601 duration such as \"PT6H\" or \"P7D\", not " + Json.write(value));
        return java.util.Optional.empty();
    }

    private static java.util.Optional<Definition> definition(String file, String json, List<String> problems) {
        List<Problem> checked;
        try {
            checked = DefinitionValidator.validate(Json.parse(json));
        } catch (IllegalArgumentException e) {
            problems.add(file + ": /: " + e.getMessage());
            return java.util.Optional.empty();
        }
        if (!DefinitionValidator.isValid(checked)) {
            checked.stream().filter(Problem::isError).forEach(p -> problems.add(file + ": " + p.pointer() + ": " + p.message()));
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(DefinitionParser.parse(Json.parse(json)));
    }

    private static List<Dependency> dependsOn(String id, String text, List<String> problems) {
        String file = id + OPTIONS_SUFFIX;
        JsonNode json;
        try {
            json = Json.parse(text);
        } catch (IllegalArgumentException e) {
            problems.add(file + ": /: " + e.getMessage());
            return List.of();
        }
        if (!json.isObject()) {
            problems.add(file + ": /: expected a JSON object with 'dependsOn', 'schedule' and/or 'webhook'");
            return List.of();
        }
        return DependsOn.read(id, json.get("dependsOn"), (pointer, message) -> problems.add(file + ": " + pointer + ": " + message));
    }

    @Override
    public Lookup find(String id) {
        Definition d = pipelines.get(id);
        return d == null ? new Lookup.Unavailable("no pipeline '" + id + "' is deployed") : new Lookup.Found(d);
    }

    public List<String> ids() {
        return List.copyOf(pipelines.keySet());
    }

    public Definition definition(String id) {
        return pipelines.get(id);
    }

    public List<Dependency> dependsOn(String id) {
        return dependsOn.getOrDefault(id, List.of());
    }

    /** Who waits for whom, from the bundled options files. */
    public DependencyGraph dependencyGraph() {
        return new FixedDependencyGraph(dependsOn);
    }
}
