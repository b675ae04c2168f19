package io.sluice.functions.trigger.object;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.functions.trigger.Partitions;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The {@code object-trigger} function: an event body in, executions started, a {@link TriggerReport}
 * out. For every object the body announces it validates bucket and key, finds the rules that take the
 * object (none for Sluice's own objects, {@link SluiceObjects}), reads the partition (which must be one {@link Partitions} allows), renders the input and
 * starts each rule's pipeline under the object version's {@link ExecutionNames name}, so the same
 * version notified twice starts once.
 *
 * <p>It never throws for bad input: a body or record that cannot be used becomes a rejection that is
 * logged (one JSON line) and counted, and the other records of the batch go on. Only a start that
 * failed is reported as retryable.
 */
public final class ObjectTrigger implements Function<String, TriggerReport> {
    private static final Logger LOG = Logger.getLogger(ObjectTrigger.class.getName());

    private final ObjectRules rules;
    private final ExecutionStarter starter;
    private final TriggerMetrics metrics;

    public ObjectTrigger(ObjectRules rules, ExecutionStarter starter, TriggerMetrics metrics) {
        this.rules = rules;
        this.starter = starter;
        this.metrics = metrics;
    }

    @Override
    public TriggerReport apply(String body) {
        ObjectEvents.ParsedEvent parsed = ObjectEvents.parse(body);
        List<TriggerReport.Outcome> out = new ArrayList<>();
        for (ParsedRecord record : parsed.records()) {
            switch (record) {
                case ParsedRecord.Found f -> guarded(f, out);
                case ParsedRecord.Malformed m -> reject(out, m.where(), m.reason(), m.detail(), null);
                case ParsedRecord.Ignored i -> {
                    metrics.ignored();
                    out.add(new TriggerReport.Ignored(i.where(), i.detail()));
                    log(Level.FINE, entry("ignored", i.where(), null).put("detail", i.detail()));
                }
            }
        }
        return new TriggerReport(parsed.format(), out);
    }

    /** A bug met by one record must not cost the batch: it is reported as a failure, so the body is redelivered and, if it keeps failing, dead-lettered. */
    private void guarded(ParsedRecord.Found f, List<TriggerReport.Outcome> out) {
        try {
            object(f.where(), f.object(), out);
        } catch (RuntimeException e) {
            String error = e.getClass().getSimpleName() + ": " + e.getMessage();
            out.add(new TriggerReport.Failed(f.where(), null, null, null, error));
            metrics.failed("(none)");
            LOG.log(Level.SEVERE, Json.write(entry("failed", f.where(), f.object()).put("error", error)), e);
        }
    }

    private void object(String where, ObjectCreated o, List<TriggerReport.Outcome> out) {
        Optional<String> bad = ObjectKeys.problemWithBucket(o.bucket());
        if (bad.isPresent()) {
            reject(out, where, RejectionReason.INVALID_BUCKET, bad.get(), o);
            return;
        }
        bad = ObjectKeys.problemWithKey(o.key());
        if (bad.isPresent()) {
            reject(out, where, RejectionReason.INVALID_KEY, bad.get(), o);
            return;
        }
        Optional<String> own = SluiceObjects.prefixOf(o.key());
        if (own.isPresent()) {
            // Sluice's own object (an execution put to sleep, archived, ...): never a pipeline's, whatever a rule's prefix.
            String detail = "Sluice's own object (under " + own.get() + "); no rule is asked";
            metrics.ignored();
            out.add(new TriggerReport.Ignored(where, detail));
            log(Level.FINE, entry("ignored", where, o).put("detail", detail));
            return;
        }
        List<ObjectRule> matching = rules.matching(o);
        if (matching.isEmpty()) {
            String reason = rules.whyUnmatched(o);
            metrics.unmatched(o.bucket());
            out.add(new TriggerReport.Unmatched(where, o, reason));
            log(Level.INFO, entry("unmatched", where, o).put("detail", reason));
            return;
        }
        for (ObjectRule rule : matching) {
            Optional<PartitionSpec.Partition> partition = rule.partition() == null ? Optional.empty() : rule.partition().extract(o.key());
            if (rule.partition() != null && partition.isEmpty()) {
                reject(out, where, RejectionReason.NO_PARTITION, "rule " + rule.id() + " reads the partition by " + rule.partition()
                        + ", which the key does not match", o);
                continue;
            }
            JsonNode input = rule.input().render(values(o, partition));
            Optional<String> invalid = partition.flatMap(p -> Partitions.problem(p.value())).or(() -> Partitions.problemInInput(input));
            if (invalid.isPresent()) {
                reject(out, where, RejectionReason.INVALID_PARTITION, "rule " + rule.id() + ": " + invalid.get(), o);
                continue;
            }
            start(where, rule, o, input, out);
        }
    }

    private void start(String where, ObjectRule rule, ObjectCreated o, JsonNode input, List<TriggerReport.Outcome> out) {
        String name = ExecutionNames.of(o);
        String pipeline = rule.pipeline();
        try {
            switch (starter.start(pipeline, name, input)) {
                case StartResult.Started s -> {
                    metrics.started(pipeline);
                    out.add(new TriggerReport.Started(where, rule.id(), pipeline, name, o));
                    log(Level.INFO, entry("started", where, o).put("pipeline", pipeline).put("execution", name));
                }
                case StartResult.AlreadyRunning d -> duplicate(where, rule, pipeline, name, o, out);
                case StartResult.NameTaken d -> duplicate(where, rule, pipeline, name, o, out);
                case StartResult.Refused r -> reject(out, where, RejectionReason.REFUSED, "pipeline " + pipeline + " refused the start: " + r.reason(), o);
            }
        } catch (RuntimeException e) {
            metrics.failed(pipeline);
            String error = e.getClass().getSimpleName() + ": " + e.getMessage();
            out.add(new TriggerReport.Failed(where, rule.id(), pipeline, name, error));
            LOG.log(Level.WARNING, Json.write(entry("failed", where, o).put("pipeline", pipeline).put("execution", name)
                    .put("error", error)), e);
        }
    }

    private void duplicate(String where, ObjectRule rule, String pipeline, String name, ObjectCreated o, List<TriggerReport.Outcome> out) {
        metrics.duplicate(pipeline);
        out.add(new TriggerReport.Duplicate(where, rule.id(), pipeline, name, o));
        log(Level.INFO, entry("duplicate", where, o).put("pipeline", pipeline).put("execution", name));
    }

    private void reject(List<TriggerReport.Outcome> out, String where, RejectionReason reason, String detail, ObjectCreated o) {
        metrics.rejected(reason);
        out.add(new TriggerReport.Rejected(where, reason, detail));
        log(Level.WARNING, entry("rejected", where, o).put("reason", reason.code()).put("detail", detail));
    }

    private static Map<String, JsonNode> values(ObjectCreated o, Optional<PartitionSpec.Partition> partition) {
        Map<String, JsonNode> v = new HashMap<>();
        v.put("store", Json.NODES.textNode(o.store().code()));
        v.put("bucket", Json.NODES.textNode(o.bucket()));
        v.put("key", Json.NODES.textNode(o.key()));
        v.put("size", Json.NODES.numberNode(o.size()));
        v.put("etag", text(o.etag()));
        v.put("version", text(o.versionId()));
        v.put("sequencer", text(o.sequencer()));
        v.put("eventTime", text(o.eventTime() == null ? null : o.eventTime().toString()));
        v.put("partition", text(partition.map(PartitionSpec.Partition::value).orElse(null)));
        partition.ifPresent(p -> p.groups().forEach((g, value) -> v.put("group." + g, Json.NODES.textNode(value))));
        return v;
    }

    private static JsonNode text(String s) {
        return s == null ? Json.NODES.nullNode() : Json.NODES.textNode(s);
    }

    /** One JSON line per outcome; keys are not secrets, and JSON escaping keeps control characters out of the log. */
    private static void log(Level level, ObjectNode line) {
        if (LOG.isLoggable(level)) {
            LOG.log(level, Json.write(line));
        }
    }

    private static ObjectNode entry(String outcome, String where, ObjectCreated o) {
        ObjectNode line = Json.object();
        line.put("event", "object-trigger." + outcome);
        line.put("where", where);
        if (o != null) {
            line.put("store", o.store().code()).put("bucket", o.bucket()).put("key", o.key());
        }
        return line;
    }
}
