package io.sluice.local.pipeline;

import io.sluice.functions.pipeline.PipelineOptions;
import io.sluice.functions.trigger.upstream.DependencyGraph;
import io.sluice.functions.trigger.upstream.Dependent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;
import java.util.logging.Logger;

/**
 * The {@code dependsOn} of the pipelines folder, as the upstream trigger asks for it on each
 * completion (options files are read again only when they changed). A dependency across tenants is
 * ignored, with a warning: it would let one tenant learn when another's pipeline succeeds.
 */
public final class LocalDependencyGraph implements DependencyGraph {
    private static final Logger LOG = Logger.getLogger(LocalDependencyGraph.class.getName());

    private final PipelineOptionsCatalog options;
    private final BiPredicate<String, String> sameTenant;

    /** @param sameTenant whether two pipelines belong to the same tenant (always, without tenants) */
    public LocalDependencyGraph(PipelineOptionsCatalog options, BiPredicate<String, String> sameTenant) {
        this.options = options;
        this.sameTenant = sameTenant;
    }

    @Override
    public List<Dependent> dependentsOf(String upstream) {
        List<Dependent> out = new ArrayList<>();
        for (String id : options.ids()) {
            PipelineOptions o = options.find(id).options();
            if (o == null || o.dependsOn().stream().noneMatch(d -> d.upstream().equals(upstream))) {
                continue;
            }
            if (!sameTenant.test(id, upstream)) {
                LOG.warning(() -> "pipeline '" + id + "' depends on '" + upstream + "' of another tenant; the dependency is ignored");
                continue;
            }
            out.add(new Dependent(id, o.dependsOn()));
        }
        return out;
    }
}
