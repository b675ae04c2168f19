package io.sluice.functions.task.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.harness.DatasetAware;
import io.sluice.functions.task.Datasets;
import io.sluice.functions.harness.TaskAware;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.tenancy.ObjectNamespace;
import io.sluice.functions.tenancy.OwnedObjects;
import io.sluice.functions.tenancy.ScopedSecrets;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.task.config.PipelineConfigs;
import io.sluice.orchestration.port.ConfigStore;
import java.util.ArrayList;
import java.util.List;
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
 *
 * <p>Where an extract may go is configuration, never input: {@code Target} is a name, which picks a target wired
 * into this function by the host or one of the {@code targets} of the run's own pipeline's config (where the export
 * pattern's config describes them: {@code {"name", "kind", "endpoint", "credentials", "source",
 * "rateLimitPerSecond"}}, served by {@link ExportTargets}). An input that describes a target (an endpoint, credentials)
 * is refused. A configured target's {@code {"secret": "<name>"}} credentials are resolved here, as the push starts,
 * for the run's owner ({@link ScopedSecrets}): the value reaches the exporter and nothing else.
 *
 * <p>What may be sent is bounded too: the {@code Key} names an object of the run's owner's view of the store
 * ({@link OwnedObjects}: a tenant's is its namespace, {@code tenants/<tenant>/}), and with a configured target it must
 * lie under the target's {@code source} prefix.
 * In an execution, the batch id must be the run's ({@code <execution id>/...} or {@code <pipeline>/...}).
 *
 * <p>The ledger is read first: a batch pushed before (by this task, a retry of it, or another
 * execution) is not sent again, and the stored receipt is returned. The batch id travels as the
 * delivery's idempotency key, so even two pushes racing past the ledger land once at a destination
 * that honours it (an SFTP target lands under one final name either way).
 */
public final class PushExport implements TaskAware, DatasetAware {
    public static final String RATE_LIMITED = "Export.RateLimited";
    public static final String REJECTED = "Export.Rejected";
    public static final String FAILED = "Export.Failed";
    public static final String INVALID_INPUT = "Export.InvalidInput";
    public static final String MISSING_EXTRACT = "Export.MissingExtract";

    private final Map<String, Exporter> targets;
    private final ExportTargets described;
    private final ConfigStore configs;
    private final OwnedObjects objects;
    private final ExportLedger ledger;
    private final Clock clock;
    private final ScopedSecrets secrets;

    /** Only the targets wired by name; no pipeline config is read. */
    public PushExport(Map<String, Exporter> targets, ObjectStore objects, ExportLedger ledger, Clock clock) {
        this(targets, ExportTargets.NONE, name -> Optional.empty(), objects, ledger, clock, new ScopedSecrets(name -> Optional.empty()));
    }

    /**
     * @param described serves the targets a pipeline's config describes
     * @param configs   where each pipeline's config is, whose {@code targets} a run may name
     * @param secrets   resolves configured targets' secret references for the run's owner
     */
    public PushExport(Map<String, Exporter> targets, ExportTargets described, ConfigStore configs, ObjectStore objects, ExportLedger ledger,
                      Clock clock, ScopedSecrets secrets) {
        this.secrets = secrets;
        this.targets = Map.copyOf(targets);
        this.described = described;
        this.configs = configs;
        this.objects = new OwnedObjects(objects);
        this.ledger = ledger;
        this.clock = clock;
    }

    @Override
    public JsonNode apply(JsonNode input, TaskContext task) {
        Owner owner = task.owner().requireData("push an export");
        String pipeline = task.pipeline();
        String target = targetName(input);
        String batchId = text(input, "BatchId");
        if (pipeline != null && !batchId.startsWith(task.executionId() + "/") && !batchId.startsWith(pipeline + "/")) {
            throw new TaskError(TaskContext.WRONG_PIPELINE, "push-export runs in execution '" + task.executionId() + "', but batch '"
                    + batchId + "' is not one of its pipeline's: name batches <execution id>/... or <pipeline>/....", false);
        }
        String key = key(text(input, "Key"));
        Exporter exporter = exporter(owner, pipeline, target, key);
        var pushed = ledger.find(target, batchId);
        if (pushed.isPresent()) {
            return output(pushed.get(), true);
        }
        byte[] content = objects.of(owner).get(key).orElseThrow(() -> new TaskError(MISSING_EXTRACT,
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

    private static String key(String key) {
        try {
            return ObjectNamespace.checkedKey(key, "push-export's \"Key\"");
        } catch (IllegalArgumentException e) {
            throw new TaskError(INVALID_INPUT, e.getMessage() + ".", false);
        }
    }

    /** The target's name: a string, or (as older renderings passed the config's entry) an object with a name and nothing of a destination. */
    private static String targetName(JsonNode input) {
        JsonNode target = input.path("Target");
        if (target.isObject()) {
            for (String field : new String[] {"endpoint", "credentials", "kind"}) {
                if (target.has(field)) {
                    throw new TaskError(INVALID_INPUT, "push-export takes the target's name, not a description: its \"" + field
                            + "\" would come from the input. Where a target is and how to sign in to it come from the pipeline's config"
                            + " (its \"targets\") or the host's wiring; pass \"Target\": \"<name>\".", false);
                }
            }
            return text(target, "name");
        }
        return text(input, "Target");
    }

    /** The exporter of a wired target, else of the run's pipeline's configured one; the key checked against what each allows. */
    private Exporter exporter(Owner owner, String pipeline, String target, String key) {
        Exporter wired = targets.get(target);
        if (wired != null) {
            return wired;
        }
        JsonNode configured = configured(pipeline, target);
        String source = configured.path("source").asText("");
        if (!source.isEmpty() && !key.startsWith(source)) {
            throw new TaskError(INVALID_INPUT, "push-export: target '" + target + "' of pipeline '" + pipeline + "' sends the extracts under"
                    + " its \"source\" " + (source.isEmpty() ? "(none configured)" : "'" + source + "'") + " only; '" + key + "' is not one.", false);
        }
        return described.exporter(ExportTargets.Target.from(configured, name -> secret(owner, name)));
    }

    /** Target {@code name} of {@code pipeline}'s config. */
    private JsonNode configured(String pipeline, String name) {
        if (pipeline == null) {
            throw new TaskError(INVALID_INPUT, "No export target named '" + name + "' is wired into this push-export"
                    + " (" + targets.keySet().stream().sorted().toList() + "), and outside an execution there is no pipeline config"
                    + " to find it in.", false);
        }
        JsonNode config = PipelineConfigs.read(configs, pipeline).orElse(null);
        if (config != null) {
            for (JsonNode t : config.path("targets")) {
                if (name.equals(t.path("name").asText(null))) {
                    return t;
                }
            }
        }
        List<String> known = new ArrayList<>(targets.keySet());
        if (config != null) {
            config.path("targets").forEach(t -> known.add(t.path("name").asText("?")));
        }
        throw new TaskError(INVALID_INPUT, "No export target named '" + name + "': the targets pipeline '" + pipeline + "' may use are "
                + known.stream().sorted().toList() + " (wired into the host, or in the \"targets\" of its config).", false);
    }

    private String secret(Owner owner, String name) {
        Optional<String> value;
        try {
            value = secrets.resolve(owner, name);
        } catch (IllegalArgumentException e) {
            throw new TaskError(INVALID_INPUT, "push-export: " + e.getMessage() + ".", false);
        } catch (TaskError | io.sluice.functions.tenancy.OwnerRefused e) {
            throw e;
        } catch (RuntimeException e) {
            // The resolver's contract keeps values out of its exceptions.
            throw new TaskError(FAILED, "push-export could not read secret '" + name + "': " + e.getMessage(), true, e);
        }
        return value.orElseThrow(() -> new TaskError(INVALID_INPUT, "push-export: the target's secret '" + name
                + "' does not exist" + (owner.pipeline() == null ? "" : " for pipeline '" + owner.pipeline() + "'") + ".", false));
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
