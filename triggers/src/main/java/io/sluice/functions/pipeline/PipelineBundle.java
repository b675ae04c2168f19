package io.sluice.functions.pipeline;

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
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The pipelines a cloud deployment carries in its bundle, read the one way every host reads them: each
 * {@code <id>.asl.json} validated, and beside it the optional {@code <id>.pipeline.json} read by
 * {@link PipelineOptions} (the local runtime's reader: {@code dependsOn}, {@code webhook}, {@code schedule},
 * {@code retention}, {@code priority}). A bundle with a problem is refused whole, every problem named as
 * {@code FILE: /pointer: sentence}: a deployment never starts with part of its pipelines.
 */
public final class PipelineBundle {
    public static final String SUFFIX = ".asl.json";
    public static final String OPTIONS_SUFFIX = ".pipeline.json";

    /** One bundled definition file: its name ({@code <id>.asl.json}), its text, and its options file's text ({@code null}: none). */
    public record Entry(String fileName, String definition, String options) {}

    private final Map<String, Definition> definitions;
    private final Map<String, PipelineOptions> options;

    private PipelineBundle(Map<String, Definition> definitions, Map<String, PipelineOptions> options) {
        this.definitions = java.util.Collections.unmodifiableSortedMap(new TreeMap<>(definitions)); // ids in order
        this.options = Map.copyOf(options);
    }

    /**
     * Reads {@code entries} ({@code where} names them in the error). An upstream that is not bundled is accepted when it may be a
     * state machine its dependent's tenant creates through the Step Functions API ({@link CreatedUpstreams}).
     *
     * @throws IllegalStateException naming every problem, when there is one
     */
    public static PipelineBundle read(List<Entry> entries, Tenancy tenancy, String where) {
        Map<String, Definition> found = new TreeMap<>();
        Map<String, PipelineOptions> options = new TreeMap<>();
        Map<String, List<Dependency>> upstreams = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        for (Entry e : entries) {
            if (!e.fileName().endsWith(SUFFIX)) {
                continue;
            }
            String id = e.fileName().substring(0, e.fileName().length() - SUFFIX.length());
            definition(e.fileName(), e.definition(), problems).ifPresent(d -> {
                if (found.put(id, d) != null) {
                    problems.add(e.fileName() + ": /: pipeline '" + id + "' is bundled twice");
                }
            });
            if (e.options() != null) {
                options(id, e.options(), problems, upstreams).ifPresent(o -> options.put(id, o));
            }
        }
        upstreams.forEach((id, deps) -> deps.forEach(d -> CreatedUpstreams.problem(id, d.upstream(), found.keySet(), tenancy)
                .ifPresent(p -> problems.add(id + OPTIONS_SUFFIX + ": /dependsOn: " + p))));
        if (!problems.isEmpty()) {
            throw new IllegalStateException("The bundled pipelines (" + where + ") are not valid:\n" + String.join("\n", problems));
        }
        return new PipelineBundle(found, options);
    }

    private static Optional<Definition> definition(String file, String json, List<String> problems) {
        List<Problem> checked;
        try {
            checked = DefinitionValidator.validate(Json.parse(json));
        } catch (IllegalArgumentException e) {
            problems.add(file + ": /: " + e.getMessage());
            return Optional.empty();
        }
        if (!DefinitionValidator.isValid(checked)) {
            checked.stream().filter(Problem::isError).forEach(p -> problems.add(file + ": " + p.pointer() + ": " + p.message()));
            return Optional.empty();
        }
        return Optional.of(DefinitionParser.parse(Json.parse(json)));
    }

    /** The options, if usable; every upstream named in a well-formed entry goes to {@code upstreams}, to be checked even then. */
    private static Optional<PipelineOptions> options(String id, String text, List<String> problems,
                                                     Map<String, List<Dependency>> upstreams) {
        String file = id + OPTIONS_SUFFIX;
        JsonNode json;
        try {
            json = Json.parse(text);
        } catch (IllegalArgumentException e) {
            problems.add(file + ": /: " + e.getMessage());
            return Optional.empty();
        }
        upstreams.put(id, DependsOn.read(id, json.get("dependsOn"), (pointer, message) -> { })); // its problems come with the parse
        PipelineOptions.Parsed parsed = PipelineOptions.parse(id, json, file);
        parsed.problems().stream().filter(p -> !p.warning()).forEach(p -> problems.add(p.toString()));
        return Optional.ofNullable(parsed.options());
    }

    /** The bundled pipelines' ids, in order. */
    public Set<String> ids() {
        return definitions.keySet();
    }

    public Optional<Definition> definition(String id) {
        return Optional.ofNullable(definitions.get(id));
    }

    /** What pipeline {@code id} declares besides its definition ({@link PipelineOptions#NONE} without an options file). */
    public PipelineOptions options(String id) {
        return options.getOrDefault(id, PipelineOptions.NONE);
    }

    /** The priority channel pipeline {@code id} declares ({@link Priority#DEFAULT} without one). */
    public Priority priority(String id) {
        return options(id).priority();
    }

    /** How long pipeline {@code id}'s finished executions stay in Redis, where its options say ({@code "retention": "P7D"}). */
    public Optional<Duration> retention(String id) {
        return Optional.ofNullable(options(id).retention());
    }

    public List<Dependency> dependsOn(String id) {
        return options(id).dependsOn();
    }

    /** Who waits for whom, from the bundled options files. */
    public DependencyGraph dependencyGraph() {
        Map<String, List<Dependency>> graph = new TreeMap<>();
        options.forEach((id, o) -> graph.put(id, o.dependsOn()));
        return new FixedDependencyGraph(graph);
    }
}
