package io.sluice.aws.trigger;

import io.sluice.functions.pipeline.PipelineBundle;
import io.sluice.functions.pipeline.PipelineOptions;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.functions.trigger.upstream.DependencyGraph;
import io.sluice.functions.trigger.upstream.Dependent.Dependency;
import io.sluice.orchestration.definition.Definition;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * The pipelines a Lambda deployment starts by id: the {@code <id>.asl.json} files bundled with it
 * ({@code sluice.triggers.pipelines}, by default {@code classpath*:pipelines/*.asl.json}), validated once at cold start,
 * each with its {@code <id>.pipeline.json}, read by {@link PipelineBundle} as on every host: its {@code dependsOn}
 * (upstream-completion starts, {@link #dependencyGraph()}; an upstream may be a state machine created through the Step
 * Functions API), {@code priority}, {@code retention} and a signed {@code webhook}; its {@code schedule} is the
 * deployment's (EventBridge) and is only checked here. A bundle with an invalid pipeline or options file does not start:
 * every problem is named.
 */
public final class BundledPipelines implements Function<String, Optional<Definition>> {
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
     * the Step Functions API by the dependent's tenant, over the deployment's tenants file.
     */
    public static BundledPipelines load(ResourcePatternResolver resolver, String pattern, Tenancy tenancy) {
        return new BundledPipelines(PipelineBundle.read(entries(resolver, List.of(pattern)), tenancy, pattern));
    }

    /** Every {@code <id>.asl.json} at {@code patterns}, with the text of the {@code <id>.pipeline.json} beside it, if any. */
    static List<PipelineBundle.Entry> entries(ResourcePatternResolver resolver, List<String> patterns) {
        List<PipelineBundle.Entry> entries = new ArrayList<>();
        try {
            for (String pattern : patterns) {
                for (Resource r : resolver.getResources(pattern)) {
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

    /** How long pipeline {@code id}'s finished executions stay in Redis, where its options say ({@code "retention": "P7D"}). */
    public Optional<java.time.Duration> retention(String id) {
        return bundle.retention(id);
    }

    @Override
    public Optional<Definition> apply(String id) {
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

    /** The upstreams pipeline {@code id} declares in its options file (none without one). */
    public List<Dependency> dependsOn(String id) {
        return bundle.dependsOn(id);
    }

    /** Who waits for whom, from the bundled options files. */
    public DependencyGraph dependencyGraph() {
        return bundle.dependencyGraph();
    }
}
