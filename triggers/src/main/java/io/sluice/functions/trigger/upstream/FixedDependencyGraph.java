package io.sluice.functions.trigger.upstream;

import io.sluice.functions.trigger.upstream.Dependent.Dependency;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The dependencies of a deployment whose pipelines are fixed when it is built (a Lambda or Azure
 * Functions bundle): read once, answered from memory.
 */
public final class FixedDependencyGraph implements DependencyGraph {
    private final Map<String, List<Dependency>> byPipeline;

    /** @param byPipeline each pipeline's {@code dependsOn}; pipelines that depend on nothing may be left out */
    public FixedDependencyGraph(Map<String, List<Dependency>> byPipeline) {
        Map<String, List<Dependency>> copy = new TreeMap<>();
        byPipeline.forEach((pipeline, deps) -> {
            if (!deps.isEmpty()) {
                copy.put(pipeline, List.copyOf(deps));
            }
        });
        this.byPipeline = Map.copyOf(copy);
    }

    @Override
    public List<Dependent> dependentsOf(String upstream) {
        List<Dependent> out = new ArrayList<>();
        new TreeMap<>(byPipeline).forEach((pipeline, deps) -> {
            if (deps.stream().anyMatch(d -> d.upstream().equals(upstream))) {
                out.add(new Dependent(pipeline, deps));
            }
        });
        return out;
    }
}
