package io.sluice.azure.host;

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
import java.util.ArrayList;
import java.util.List;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * The pipelines an Azure deployment runs: the {@code <id>.asl.json} files bundled with it (by default
 * {@code classpath*:pipelines/*.asl.json}; several patterns separated by commas), validated once when the worker starts,
 * each with its optional {@code <id>.pipeline.json}, read by {@link PipelineBundle} as on every host ({@code dependsOn},
 * {@code priority}, {@code retention}, a signed {@code webhook}; a {@code schedule} is checked). A bundle with an invalid
 * file does not start, and the error names every problem as {@code FILE: /pointer: sentence}.
 */
public final class BundledPipelines implements PipelineDefinitions {
    private final PipelineBundle bundle;

    private BundledPipelines(PipelineBundle bundle) {
        this.bundle = bundle;
    }

    /** The bundle at {@code pattern}, whose upstreams are all bundled (no tenants: no state machine can be created through the API). */
    public static BundledPipelines load(ResourcePatternResolver resolver, String pattern) {
        return load(resolver, pattern, Tenancy.SINGLE);
    }

    /**
     * The bundle at {@code pattern}; an upstream that is not bundled is accepted when it may be a state machine created through
     * the Step Functions API by the dependent's tenant, over the app's tenants file.
     */
    public static BundledPipelines load(ResourcePatternResolver resolver, String pattern, Tenancy tenancy) {
        return new BundledPipelines(PipelineBundle.read(entries(resolver, pattern), tenancy, pattern));
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

    /** The priority channel pipeline {@code id} declares in its options file ({@link Priority#DEFAULT} without one). */
    public Priority priority(String id) {
        return bundle.priority(id);
    }

    /** How long pipeline {@code id}'s finished executions stay in Redis, where its options say ({@code "retention": "P7D"}). */
    public java.util.Optional<java.time.Duration> retention(String id) {
        return bundle.retention(id);
    }

    /** What pipeline {@code id} declares in its {@code <id>.pipeline.json} ({@link PipelineOptions#NONE} without one). */
    public PipelineOptions options(String id) {
        return bundle.options(id);
    }

    @Override
    public Lookup find(String id) {
        return bundle.definition(id).<Lookup>map(Lookup.Found::new)
                .orElseGet(() -> new Lookup.Unavailable("no pipeline '" + id + "' is deployed"));
    }

    public List<String> ids() {
        return List.copyOf(bundle.ids());
    }

    public Definition definition(String id) {
        return bundle.definition(id).orElse(null);
    }

    public List<Dependency> dependsOn(String id) {
        return bundle.dependsOn(id);
    }

    /** Who waits for whom, from the bundled options files. */
    public DependencyGraph dependencyGraph() {
        return bundle.dependencyGraph();
    }
}
