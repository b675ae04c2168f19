package io.sluice.aws.trigger;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.priority.Priority;
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
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * The pipelines a Lambda deployment starts by id: the {@code <id>.asl.json} files bundled with it
 * ({@code sluice.triggers.pipelines}, by default {@code classpath*:pipelines/*.asl.json}), validated
 * once at cold start, and beside each the {@code <id>.pipeline.json} options the local runtime reads
 * too: here its {@code dependsOn} (upstream-completion starts, {@link #dependencyGraph()}; an upstream may be a state machine
 * created through the Step Functions API, {@link CreatedUpstreams}); its
 * {@code schedule} and {@code webhook} are the deployment's (EventBridge, the HTTP API) and are only
 * accepted. A bundle with an invalid pipeline or options file does not start: every problem is named.
 */
public final class BundledPipelines implements Function<String, Optional<Definition>> {
    private static final String SUFFIX = ".asl.json";
    private static final String OPTIONS_SUFFIX = ".pipeline.json";
    private static final Set<String> OPTION_FIELDS = Set.of("dependsOn", "schedule", "webhook", "retention", "priority");

    private final Map<String, Definition> pipelines;
    private final Map<String, List<Dependency>> dependsOn;
    private final Map<String, JsonNode> options;
    private final Map<String, Priority> priorities;

    private BundledPipelines(Map<String, Definition> pipelines, Map<String, List<Dependency>> dependsOn, Map<String, JsonNode> options) {
        this.pipelines = Map.copyOf(pipelines);
        this.dependsOn = Map.copyOf(dependsOn);
        this.options = Map.copyOf(options);
        // Read once: the task-worker's rules gate asks for a pipeline's priority on every task (load checked each value).
        Map<String, Priority> read = new TreeMap<>();
        options.forEach((id, o) -> read.put(id, Priority.ofOptions(o, id, problem -> {})));
        this.priorities = Map.copyOf(read);
    }

    /** The bundle at {@code pattern}, whose upstreams are all bundled (no tenants: no state machine can be created through the API). */
    public static BundledPipelines load(ResourcePatternResolver resolver, String pattern) {
        return load(resolver, pattern, Tenancy.SINGLE);
    }

    /**
     * The bundle at {@code pattern}; an upstream that is not bundled is accepted when it may be a state machine created through
     * the Step Functions API by the dependent's tenant ({@link CreatedUpstreams}, over the deployment's tenants file).
     */
    public static BundledPipelines load(ResourcePatternResolver resolver, String pattern, Tenancy tenancy) {
        Map<String, Definition> found = new TreeMap<>();
        Map<String, List<Dependency>> dependsOn = new TreeMap<>();
        Map<String, JsonNode> options = new TreeMap<>();
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
                Resource optionsFile = r.createRelative(id + OPTIONS_SUFFIX);
                if (optionsFile.exists()) {
                    dependsOn.put(id, dependsOn(id, optionsFile, problems, options));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundled pipelines " + pattern, e);
        }
        for (Map.Entry<String, List<Dependency>> e : dependsOn.entrySet()) {
            for (Dependency d : e.getValue()) {
                CreatedUpstreams.problem(e.getKey(), d.upstream(), found.keySet(), tenancy)
                        .ifPresent(p -> problems.add(e.getKey() + OPTIONS_SUFFIX + ": /dependsOn: " + p));
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("The bundled pipelines (" + pattern + ") are not valid:\n" + String.join("\n", problems));
        }
        return new BundledPipelines(found, dependsOn, options);
    }

    private static List<Dependency> dependsOn(String id, Resource options, List<String> problems, Map<String, JsonNode> parsed)
            throws IOException {
        String file = id + OPTIONS_SUFFIX;
        JsonNode json;
        try {
            json = Json.parse(options.getContentAsString(StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            problems.add(file + ": /: " + e.getMessage());
            return List.of();
        }
        if (!json.isObject()) {
            problems.add(file + ": /: expected a JSON object with 'dependsOn', 'schedule' and/or 'webhook'");
            return List.of();
        }
        parsed.put(id, json);
        json.fieldNames().forEachRemaining(f -> {
            if (!OPTION_FIELDS.contains(f)) {
                problems.add(file + ": /" + f + ": unknown field; expected 'dependsOn', 'schedule', 'webhook', 'retention' or 'priority'");
            }
        });
        Priority.ofOptions(json, file, problems::add);
        JsonNode retention = json.get("retention");
        if (retention != null && retentionOf(retention).isEmpty()) {
            problems.add(file + ": /retention: expected an ISO-8601 duration such as \"PT6H\" or \"P7D\", not " + Json.write(retention));
        }
        return DependsOn.read(id, json.get("dependsOn"), (pointer, message) -> problems.add(file + ": " + pointer + ": " + message));
    }

    /** How long pipeline {@code id}'s finished executions stay in Redis, where its options say ({@code "retention": "P7D"}). */
    public Optional<java.time.Duration> retention(String id) {
        return options(id).map(o -> o.get("retention")).flatMap(BundledPipelines::retentionOf);
    }

    private static Optional<java.time.Duration> retentionOf(JsonNode value) {
        if (value == null || !value.isTextual()) {
            return Optional.empty();
        }
        try {
            java.time.Duration d = java.time.Duration.parse(value.asText());
            return d.isNegative() || d.isZero() ? Optional.empty() : Optional.of(d);
        } catch (java.time.format.DateTimeParseException e) {
            return Optional.empty();
        }
    }

    @Override
    public Optional<Definition> apply(String id) {
        return Optional.ofNullable(pipelines.get(id));
    }

    public Set<String> ids() {
        return pipelines.keySet();
    }

    /** The bundled {@code <id>.pipeline.json} of pipeline {@code id} as it was read (a JSON object), if it has one. */
    public Optional<JsonNode> options(String id) {
        return Optional.ofNullable(options.get(id));
    }

    /** The priority channel pipeline {@code id} declares in its options file ({@link Priority#DEFAULT} without one). */
    public Priority priority(String id) {
        return priorities.getOrDefault(id, Priority.DEFAULT);
    }

    /** The upstreams pipeline {@code id} declares in its options file (none without one). */
    public List<Dependency> dependsOn(String id) {
        return dependsOn.getOrDefault(id, List.of());
    }

    /** Who waits for whom, from the bundled options files. */
    public DependencyGraph dependencyGraph() {
        return new FixedDependencyGraph(dependsOn);
    }
}
