package io.sluice.functions.control.recover;

import io.sluice.orchestration.port.LineageLog;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * What is downstream of a pipeline, for the partitions of a recovery: the pipelines whose {@code dependsOn} names it,
 * and the pipelines whose runs read, for one of those partitions, a dataset its runs wrote (the lineage), followed to
 * the end. Each edge found is an upstream of the chain ({@link Chain}), so a backfill runs them in that order.
 *
 * @param pipelines  the ids of every pipeline there is
 * @param dependsOn  a pipeline's declared upstreams
 * @param lineage    the lineage log, or {@code null} on a host without one
 * @param visible    which pipelines the caller may cover (a tenant's own); the others are left out, as dependencies
 *                   across tenants are
 */
public record ChainFinder(List<String> pipelines, Function<String, List<String>> dependsOn, LineageLog lineage,
                          Predicate<String> visible) {
    private static final int USES_PER_PARTITION = 1000;

    /** The chain of {@code root} alone, or with everything downstream of it. */
    public Chain find(String root, boolean downstream, List<String> partitions) {
        Map<String, Set<String>> upstreams = new LinkedHashMap<>();
        upstreams.put(root, new TreeSet<>());
        if (!downstream) {
            return Chain.of(upstreams);
        }
        Deque<String> todo = new ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            String up = todo.poll();
            for (String down : directlyDownstream(up, partitions)) {
                if (!visible.test(down)) {
                    continue;
                }
                if (!upstreams.containsKey(down)) {
                    upstreams.put(down, new TreeSet<>());
                    todo.add(down);
                }
                upstreams.get(down).add(up);
            }
        }
        return Chain.of(upstreams);
    }

    private Set<String> directlyDownstream(String up, List<String> partitions) {
        Set<String> out = new TreeSet<>();
        for (String id : pipelines) {
            if (!id.equals(up) && dependsOn.apply(id).contains(up)) {
                out.add(id);
            }
        }
        if (lineage != null) {
            for (String dataset : lineage.written(up)) {
                for (String partition : partitions) {
                    for (LineageLog.Use u : lineage.uses(dataset, partition, USES_PER_PARTITION)) {
                        if (u.direction() == LineageLog.Direction.READ && !u.pipeline().equals(up)) {
                            out.add(u.pipeline());
                        }
                    }
                }
            }
        }
        return out;
    }
}
