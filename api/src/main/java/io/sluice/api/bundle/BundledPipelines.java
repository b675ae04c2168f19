package io.sluice.api.bundle;

import io.sluice.api.sfn.StoredStateMachines;
import io.sluice.functions.pipeline.PipelineBundle;
import io.sluice.functions.pipeline.PipelineOptions;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.functions.trigger.upstream.DependencyGraph;
import io.sluice.functions.trigger.upstream.Dependent.Dependency;
import io.sluice.orchestration.definition.Definition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * The pipelines a cloud deployment (a Lambda bundle, an Azure Functions app) runs: the {@code <id>.asl.json} files bundled
 * with it ({@code sluice.triggers.pipelines} on AWS, {@code sluice.pipelines} on Azure; by default
 * {@code classpath*:pipelines/*.asl.json}; several patterns separated by commas), validated once when the process starts,
 * each with its optional {@code <id>.pipeline.json}, read by {@link PipelineBundle} as on every host: its {@code dependsOn}
 * (upstream-completion starts, {@link #dependencyGraph()}; an upstream may be a state machine created through the Step
 * Functions API), {@code priority}, {@code retention} and a signed {@code webhook}; its {@code schedule} is the
 * deployment's (EventBridge Scheduler, a Functions timer) and is only checked here. A bundle with an invalid pipeline or
 * options file does not start, and the error names every problem as {@code FILE: /pointer: sentence}. One class for both
 * cloud hosts: each once had its own copy.
 */
public final class BundledPipelines implements PipelineDefinitions {
    private final PipelineBundle bundle;

    private BundledPipelines(PipelineBundle bundle) {
        this.bundle = bundle;
    }

    /** The bundle at {@code patterns}, whose upstreams are all bundled (no tenants: no state machine can be created through the API). */
    public static BundledPipelines load(ResourcePatternResolver resolver, String patterns) {
        return load(resolver, patterns, Tenancy.SINGLE);
    }

    /**
     * The bundle at the comma-separated {@code patterns}; an upstream that is not bundled is accepted when it may be a state
     * machine created through the Step Functions API by the dependent's tenant, over the deployment's tenants file.
     */
    public static BundledPipelines load(ResourcePatternResolver resolver, String patterns, Tenancy tenancy) {
        return new BundledPipelines(PipelineBundle.read(entries(resolver, patterns), tenancy, patterns));
    }

    /** Every {@code <id>.asl.json} at the comma-separated {@code patterns}, with its {@code <id>.pipeline.json}'s text, if any. */
    private static List<PipelineBundle.Entry> entries(ResourcePatternResolver resolver, String patterns) {
        List<PipelineBundle.Entry> entries = new ArrayList<>();
        try {
            for (String pattern : patterns.split(",")) {
                for (Resource r : pattern.isBlank() ? new Resource[0] : resolver.getResources(pattern.strip())) {
                    String name = r.getFilename();
                    if (name == null || !name.endsWith(PipelineBundle.SUFFIX)) {
                        continue;
                    }
                    Resource options = r.createRelative(name.substring(0, name.length() - PipelineBundle.SUFFIX.length())
                            + PipelineBundle.OPTIONS_SUFFIX);
                    entries.add(new PipelineBundle.Entry(name, r.getContentAsString(StandardCharsets.UTF_8),
                            options.exists() ? options.getContentAsString(StandardCharsets.UTF_8) : null));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the bundled pipelines " + patterns, e);
        }
        return entries;
    }

    @Override
    public Lookup find(String id) {
        return bundle.definition(id).<Lookup>map(Lookup.Found::new)
                .orElseGet(() -> new Lookup.Unavailable("no pipeline '" + id + "' is deployed"));
    }

    /**
     * What the host's one starter starts: these pipelines, then the state machines created through the Step Functions API
     * ({@code created}, kept in Redis; {@code null} where there is no such API). A created machine has no options file.
     */
    public PipelineDefinitions andCreated(StoredStateMachines created) {
        return created == null ? this : PipelineDefinitions.of(id -> definition(id).or(() -> created.created(id)));
    }

    /** Pipeline {@code id}'s definition, if it is bundled. */
    public Optional<Definition> definition(String id) {
        return bundle.definition(id);
    }

    public Set<String> ids() {
        return bundle.ids();
    }

    /** What pipeline {@code id} declares in its {@code <id>.pipeline.json} ({@link PipelineOptions#NONE} without one). */
    public PipelineOptions options(String id) {
        return bundle.options(id);
    }

    /** The priority channel pipeline {@code id} declares in its options file ({@link Priority#DEFAULT} without one). */
    public Priority priority(String id) {
        return bundle.priority(id);
    }

    /** How long pipeline {@code id}'s finished executions stay in Redis, where its options say ({@code "retention": "P7D"}). */
    public Optional<Duration> retention(String id) {
        return bundle.retention(id);
    }

    /** The upstreams pipeline {@code id} declares in its options file (none without one). */
    public List<Dependency> dependsOn(String id) {
        return bundle.dependsOn(id);
    }

    /** Who waits for whom, from the bundled options files. */
    public DependencyGraph dependencyGraph() {
        return bundle.dependencyGraph();
    }
}
