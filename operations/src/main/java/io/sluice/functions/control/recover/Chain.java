package io.sluice.functions.control.recover;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The pipelines a recovery covers and, for each, its upstreams among them: {@link #order()} lists them so that every
 * pipeline comes after its upstreams, and a pipeline may run for a partition once each of its upstreams has succeeded
 * for it ({@link #ready}). A cycle is refused.
 */
public record Chain(List<String> order, Map<String, Set<String>> upstreams) {

    public Chain {
        order = List.copyOf(order);
        Map<String, Set<String>> copy = new LinkedHashMap<>();
        upstreams.forEach((k, v) -> copy.put(k, Set.copyOf(v)));
        upstreams = Map.copyOf(copy);
    }

    /** Orders {@code upstreams} (every pipeline a key; its upstreams outside the key set are ignored), ties by name. */
    public static Chain of(Map<String, ? extends Collection<String>> upstreams) {
        Map<String, Set<String>> within = new LinkedHashMap<>();
        for (String p : new TreeSet<>(upstreams.keySet())) {
            Set<String> ups = new TreeSet<>(upstreams.get(p));
            ups.retainAll(upstreams.keySet());
            ups.remove(p);
            within.put(p, ups);
        }
        List<String> order = new ArrayList<>();
        Set<String> placed = new LinkedHashSet<>();
        while (placed.size() < within.size()) {
            List<String> layer = within.entrySet().stream().filter(e -> !placed.contains(e.getKey()) && placed.containsAll(e.getValue()))
                    .map(Map.Entry::getKey).toList();
            if (layer.isEmpty()) {
                Set<String> left = new TreeSet<>(within.keySet());
                left.removeAll(placed);
                throw new InvalidRecovery("pipeline", "pipelines whose dependencies have no cycle; these depend on each other in a circle: "
                        + left, null);
            }
            order.addAll(layer);
            placed.addAll(layer);
        }
        return new Chain(order, within);
    }

    /** Whether {@code pipeline} may run for a partition, given which of the chain's pipelines have succeeded for it. */
    public boolean ready(String pipeline, Set<String> succeeded) {
        return succeeded.containsAll(upstreams.getOrDefault(pipeline, Set.of()));
    }
}
