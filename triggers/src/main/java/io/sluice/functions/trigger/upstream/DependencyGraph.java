package io.sluice.functions.trigger.upstream;

import java.util.List;

/**
 * The pipelines that depend on a given one, as deployed now. Hosts read it from wherever pipelines
 * are declared (the local runtime: the {@code dependsOn} of each pipeline's options file).
 */
@FunctionalInterface
public interface DependencyGraph {
    /** Every pipeline whose {@code dependsOn} names {@code upstream}. */
    List<Dependent> dependentsOf(String upstream);
}
