package io.sluice.functions.trigger.upstream;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A pipeline that starts when its upstreams have succeeded: {@code dependsOn} names each upstream
 * pipeline once, with how its partitions map to this pipeline's own.
 */
public record Dependent(String pipeline, List<Dependency> dependsOn) {

    /** One upstream pipeline and its partition mapping. */
    public record Dependency(String upstream, PartitionMapping partitions) {
        public Dependency {
            if (upstream == null || upstream.isBlank() || partitions == null) {
                throw new IllegalArgumentException("a dependency names an upstream pipeline and a partition mapping");
            }
        }
    }

    public Dependent {
        dependsOn = List.copyOf(dependsOn);
        if (dependsOn.isEmpty()) {
            throw new IllegalArgumentException("pipeline '" + pipeline + "' depends on nothing");
        }
        if (dependsOn.stream().map(Dependency::upstream).distinct().count() != dependsOn.size()) {
            throw new IllegalArgumentException("pipeline '" + pipeline + "' names an upstream twice");
        }
    }

    /** Every upstream pipeline. */
    public Set<String> upstreams() {
        Set<String> out = new LinkedHashSet<>();
        dependsOn.forEach(d -> out.add(d.upstream()));
        return out;
    }
}
