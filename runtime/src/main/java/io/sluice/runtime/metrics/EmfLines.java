package io.sluice.runtime.metrics;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.sluice.orchestration.json.Json;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A registry's meters as CloudWatch embedded metric format (EMF) log lines: what changed since the last {@link #flush},
 * one JSON document per tag set, its tags the document's dimensions. On Lambda a function prints them to standard out at
 * the end of an invocation and CloudWatch Logs extracts the metrics: no CloudWatch API call, on the hot path or off it.
 *
 * <p>The format is AWS's "Specification: Embedded metric format"
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html):
 * a root {@code _aws} member with {@code Timestamp} (epoch milliseconds) and {@code CloudWatchMetrics}, an array of
 * metric directives ({@code Namespace}, {@code Dimensions}: arrays of at most 30 dimension keys, {@code Metrics}: at most
 * 100 definitions of {@code Name} and {@code Unit}); every referenced dimension and metric is a member of the root, a
 * dimension's value a string, a metric's a number. A counter is its increase ({@code Count}); a timer its count
 * ({@code <name>.count}), total ({@code <name>.sum}) and maximum ({@code <name>.max}) in milliseconds; a gauge its value.
 */
public final class EmfLines {
    /** What the spec allows in one directive's {@code Metrics}. */
    static final int MAX_METRICS = 100;

    private final MeterRegistry registry;
    private final String namespace;
    private final Map<Meter.Id, double[]> published = new HashMap<>();

    /** @param namespace the CloudWatch namespace the metrics go to ({@code Sluice} unless a deployment says otherwise) */
    public EmfLines(MeterRegistry registry, String namespace) {
        this.registry = java.util.Objects.requireNonNull(registry, "registry");
        if (namespace == null || namespace.isBlank() || namespace.length() > 255) {
            throw new IllegalArgumentException("EMF namespace: expected 1-255 characters, got '" + namespace + "'");
        }
        this.namespace = namespace;
    }

    /** The documents for what changed since the last call (none when nothing did), stamped {@code now}. */
    public synchronized List<String> flush(Instant now) {
        Map<List<Tag>, List<Value>> byTags = new LinkedHashMap<>();
        for (Meter m : registry.getMeters()) {
            List<Value> values = values(m);
            if (!values.isEmpty()) {
                byTags.computeIfAbsent(m.getId().getTags(), t -> new ArrayList<>()).addAll(values);
            }
        }
        List<String> lines = new ArrayList<>();
        byTags.forEach((tags, values) -> {
            for (int from = 0; from < values.size(); from += MAX_METRICS) {
                lines.add(document(tags, values.subList(from, Math.min(values.size(), from + MAX_METRICS)), now));
            }
        });
        return lines;
    }

    private record Value(String name, String unit, double value) {}

    private List<Value> values(Meter m) {
        String name = m.getId().getName();
        return switch (m) {
            case Counter c -> {
                double delta = since(m.getId(), c.count(), 0);
                yield delta > 0 ? List.of(new Value(name, "Count", delta)) : List.of();
            }
            case Timer t -> {
                double count = since(m.getId(), t.count(), 0);
                double total = since(m.getId(), t.totalTime(TimeUnit.MILLISECONDS), 1);
                yield count > 0 ? List.of(new Value(name + ".count", "Count", count), new Value(name + ".sum", "Milliseconds", total),
                        new Value(name + ".max", "Milliseconds", t.max(TimeUnit.MILLISECONDS))) : List.of();
            }
            case DistributionSummary s -> {
                double count = since(m.getId(), s.count(), 0);
                double total = since(m.getId(), s.totalAmount(), 1);
                yield count > 0 ? List.of(new Value(name + ".count", "Count", count), new Value(name + ".sum", "None", total)) : List.of();
            }
            case Gauge g -> Double.isFinite(g.value())
                    ? List.of(new Value(name, "seconds".equals(m.getId().getBaseUnit()) ? "Seconds" : "None", g.value())) : List.of();
            default -> List.of(); // long task timers, function counters: Sluice registers none
        };
    }

    /** The increase of a cumulative {@code value} (slot {@code slot} of the meter) since the last flush. */
    private double since(Meter.Id id, double value, int slot) {
        double[] last = published.computeIfAbsent(id, k -> new double[2]);
        double delta = value - last[slot];
        last[slot] = value;
        return delta;
    }

    private String document(List<Tag> tags, List<Value> values, Instant now) {
        ObjectNode root = Json.object();
        ObjectNode aws = root.putObject("_aws");
        aws.put("Timestamp", now.toEpochMilli());
        ObjectNode directive = aws.putArray("CloudWatchMetrics").addObject();
        directive.put("Namespace", namespace);
        ArrayNode dimensions = directive.putArray("Dimensions").addArray();
        for (Tag t : tags) {
            dimensions.add(t.getKey());
            root.put(t.getKey(), t.getValue());
        }
        ArrayNode metrics = directive.putArray("Metrics");
        for (Value v : values) {
            metrics.addObject().put("Name", v.name()).put("Unit", v.unit());
            root.put(v.name(), v.value());
        }
        return Json.write(root);
    }
}
