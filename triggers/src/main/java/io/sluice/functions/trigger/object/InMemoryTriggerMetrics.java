package io.sluice.functions.trigger.object;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters in memory, named {@code started.<pipeline>}, {@code duplicate.<pipeline>},
 * {@code unmatched.<bucket>}, {@code ignored}, {@code rejected.<reason code>} and
 * {@code failed.<pipeline>}. Thread-safe.
 */
public final class InMemoryTriggerMetrics implements TriggerMetrics {
    private final Map<String, LongAdder> counters = new ConcurrentHashMap<>();

    private void add(String name) {
        counters.computeIfAbsent(name, n -> new LongAdder()).increment();
    }

    @Override
    public void started(String pipeline) {
        add("started." + pipeline);
    }

    @Override
    public void duplicate(String pipeline) {
        add("duplicate." + pipeline);
    }

    @Override
    public void unmatched(String bucket) {
        add("unmatched." + bucket);
    }

    @Override
    public void ignored() {
        add("ignored");
    }

    @Override
    public void rejected(RejectionReason reason) {
        add("rejected." + reason.code());
    }

    @Override
    public void failed(String pipeline) {
        add("failed." + pipeline);
    }

    /** The count of one counter; 0 when it never moved. */
    public long count(String name) {
        LongAdder a = counters.get(name);
        return a == null ? 0 : a.sum();
    }

    public long rejections(RejectionReason reason) {
        return count("rejected." + reason.code());
    }

    /** Every counter that moved, sorted by name. */
    public Map<String, Long> snapshot() {
        Map<String, Long> out = new TreeMap<>();
        counters.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }
}
