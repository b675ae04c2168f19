package io.sluice.functions.task.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.harness.DatasetAware;
import io.sluice.functions.task.Datasets;
import io.sluice.functions.harness.TaskAware;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExportLedger;
import io.sluice.orchestration.port.ExportLedger.ExportRecord;
import io.sluice.orchestration.port.Exporter;
import io.sluice.orchestration.port.Exporter.Delivery;
import io.sluice.orchestration.port.ObjectStore;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code push-export} function: sends a prepared extract from the object store to a named
 * target, once per batch. Input: {@code {"Target": "partner-api", "BatchId": "orders-2026-11-29",
 * "Key": "exports/orders/2026-11-29.csv", "Name": "orders.csv", "ContentType": "text/csv"}}
 * ({@code Name} defaults to the key's last segment, {@code ContentType} to octet-stream).
 * {@code Target} names a target wired into this function, or describes one as a config does
 * ({@code {"name", "kind", "endpoint", "credentials", "rateLimitPerSecond"}}, which the export pattern
 * passes), served by {@link ExportTargets}; the ledger knows a target by its name either way.
 *
 * <p>The ledger is read first: a batch pushed before (by this task, a retry of it, or another
 * execution) is not sent again, and the stored receipt is returned. The batch id travels as the
 * delivery's idempotency key, so even two pushes racing past the ledger land once at a destination
 * that honours it (an SFTP target lands under one final name either way).
 *
 * <p>A described target's {@code {"secret": "<name>"}} credentials are resolved here, as the push
 * starts, for the run's pipeline ({@link ScopedSecrets}): the value reaches the exporter and nothing else.
 * In an execution, the batch id must be the run's ({@code <execution id>/...} or {@code <pipeline>/...}).
 */
public final class PushExport implements TaskAware, DatasetAware {
    public static final String RATE_LIMITED = "Export.RateLimited";
    public static final String REJECTED = "Export.Rejected";
    public static final String FAILED = "Export.Failed";
    public static final String INVALID_INPUT = "Export.InvalidInput";
    public static final String MISSING_EXTRACT = "Export.MissingExtract";

    private final Map<String, Exporter> targets;
    private final ExportTargets described;
    private final ObjectStore objects;
    private final ExportLedger ledger;
    private final Clock clock;
    private final ScopedSecrets secrets;

    public PushExport(Map<String, Exporter> targets, ObjectStore objects, ExportLedger ledger, Clock clock) {
        this(targets, ExportTargets.NONE, objects, ledger, clock);
    }

    /** @param described serves the targets an input describes rather than names */
    public PushExport(Map<String, Exporter> targets, ExportTargets described, ObjectStore objects, ExportLedger ledger, Clock clock) {
        this(targets, described, objects, ledger, clock, new ScopedSecrets(name -> Optional.empty(), Tenancy.SINGLE));
    }

    /** @param secrets resolves described targets' secret references for the run's pipeline */
    public PushExport(Map<String, Exporter> targets, ExportTargets described, ObjectStore objects, ExportLedger ledger, Clock clock,
                      ScopedSecrets secrets) {
        this.secrets = secrets;
        this.targets = Map.copyOf(targets);
        this.described = described;
        this.objects = objects;
        this.ledger = ledger;
        this.clock = clock;
    }

    @Override
    public JsonNode apply(JsonNode input, TaskContext task) {
        JsonNode description = input.path("Target");
        String pipeline = task.pipeline();
        ExportTargets.Target spec = description.isObject() ? ExportTargets.Target.from(description, name -> secret(pipeline, name)) : null;
        String target = spec != null ? spec.name() : text(input, "Target");
        String batchId = text(input, "BatchId");
        if (pipeline != null && !batchId.startsWith(task.executionId() + "/") && !batchId.startsWith(pipeline + "/")) {
            throw new TaskError(TaskContext.WRONG_PIPELINE, "push-export runs in execution '" + task.executionId() + "', but batch '"
                    + batchId + "' is not one of its pipeline's: name batches <execution id>/... or <pipeline>/....", false);
        }
        String key = text(input, "Key");
        Exporter exporter = spec != null ? described.exporter(spec) : named(target);
        var pushed = ledger.find(target, batchId);
        if (pushed.isPresent()) {
            return output(pushed.get(), true);
        }
        byte[] content = objects.get(key).orElseThrow(() -> new TaskError(MISSING_EXTRACT,
                "The extract '" + key + "' for batch '" + batchId + "' is not in the object store.", false));
        String name = input.path("Name").asText(key.substring(key.lastIndexOf('/') + 1));
        String contentType = input.path("ContentType").asText("application/octet-stream");
        Delivery delivery = exporter.deliver(new Exporter.Export(batchId, name, contentType, content));
        return switch (delivery) {
            case Delivery.Delivered d -> {
                ExportRecord record = new ExportRecord(target, batchId, d.receipt(), content.length, clock.instant());
                ledger.record(record);
                yield output(ledger.find(target, batchId).orElse(record), false);
            }
            case Delivery.Rejected r -> throw new TaskError(REJECTED, "Target '" + target + "' rejected batch '" + batchId
                    + "' with status " + r.status() + ": " + r.reason(), false);
            case Delivery.RateLimited r -> throw new TaskError(RATE_LIMITED, "Target '" + target + "' kept rate-limiting batch '"
                    + batchId + "': " + r.reason() + " Retry the state later.", true);
            case Delivery.Failed f -> throw new TaskError(FAILED, "Pushing batch '" + batchId + "' to '" + target + "' failed: "
                    + f.reason(), true);
        };
    }

    private String secret(String pipeline, String name) {
        Optional<String> value;
        try {
            value = secrets.resolve(pipeline, name);
        } catch (IllegalArgumentException e) {
            throw new TaskError(INVALID_INPUT, "push-export: " + e.getMessage() + ".", false);
        } catch (RuntimeException e) {
            // The resolver's contract keeps values out of its exceptions.
            throw new TaskError(FAILED, "push-export could not read secret '" + name + "': " + e.getMessage(), true, e);
        }
        return value.orElseThrow(() -> new TaskError(INVALID_INPUT, "push-export: the target's secret '" + name
                + "' does not exist" + (pipeline == null ? "" : " for pipeline '" + pipeline + "'") + ".", false));
    }

    private Exporter named(String target) {
        Exporter exporter = targets.get(target);
        if (exporter == null) {
            throw new TaskError(INVALID_INPUT, "No export target named '" + target + "'; configured targets: "
                    + targets.keySet().stream().sorted().toList() + ".", false);
        }
        return exporter;
    }

    private static ObjectNode output(ExportRecord record, boolean alreadyPushed) {
        ObjectNode o = Json.object();
        o.put("Target", record.target());
        o.put("BatchId", record.batchId());
        o.put("Receipt", record.receipt());
        o.put("Bytes", record.bytes());
        o.put("PushedAt", record.pushedAt().toString());
        o.put("AlreadyPushed", alreadyPushed);
        return o;
    }

    private static String text(JsonNode input, String field) {
        JsonNode v = input.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new TaskError(INVALID_INPUT, "push-export needs \"" + field + "\" (a non-empty string).", false);
        }
        return v.asText();
    }

    /** Read: the extract's folder; written: the target; both for the extract's partition (its file name, {@code <folder>/<partition>.csv}). */
    @Override
    public java.util.List<Dataset> datasets(JsonNode input, JsonNode output) {
        String key = input.path("Key").asText("");
        String target = output.path("Target").asText(input.path("Target").path("name").asText(input.path("Target").asText("")));
        String partition = Datasets.filePartition(key);
        return java.util.List.of(new Dataset(Datasets.objects(key), partition, false), new Dataset(Datasets.export(target), partition, true));
    }
}
