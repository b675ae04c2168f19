package io.sluice.functions.task.warehouse;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.DatasetAware;
import io.sluice.functions.task.Datasets;
import io.sluice.functions.harness.TaskAware;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.tenancy.ObjectNamespace;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.LoadResult;
import io.sluice.orchestration.port.Warehouse;
import io.sluice.orchestration.port.Warehouse.LoadRequest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code copy-to-warehouse} task function: bulk-loads one prepared batch into a warehouse table,
 * exactly once per (table, batch, load) — the {@link Warehouse} replaces the batch's rows and records the
 * load in its ledger in one transaction, so a retried task never duplicates rows, and a new execution
 * for the same partition (a re-run, a backfill) replaces the partition's rows instead of adding to them.
 *
 * <p>Input: {@code {"table": "sales", "batchId": "sales/2026-11-29", "loadId": "<execution id>",
 * "source": "enriched/sales/2026-11-29.csv", "format": "csv", "header": true, "columns": ["id", "amount"]}};
 * {@code loadId} defaults to the batch id (the batch then loads once, ever), {@code format} to {@code csv},
 * {@code header} to {@code true}, and {@code columns} may be left out when the file has a header.
 * Output: {@code {"table", "batchId", "rows", "alreadyLoaded"}}.
 *
 * <p>In an execution, a batch is the run's pipeline's: its id must start with {@code <pipeline>/} (the
 * patterns pass {@code <pipeline>/<partition>}), or the task fails with {@code Sluice.WrongPipeline}, so
 * no run can replace another pipeline's batch. A tenant's run loads only into a table its pipeline's config names
 * ({@link TenantTables}), and only objects of its own namespace.
 *
 * <p>Errors: {@code Warehouse.SchemaMismatch} (naming the missing and extra columns),
 * {@code Warehouse.TableNotFound}, {@code Warehouse.SourceNotFound}, {@code Warehouse.BadData},
 * {@code Warehouse.UnsupportedFormat}, {@code Warehouse.InvalidRequest}; none of them retryable. The
 * retryable {@code Warehouse.CopyFailed} when the warehouse could not be reached or failed.
 */
public final class CopyToWarehouse implements TaskAware, DatasetAware {
    public static final String NAME = "copy-to-warehouse";
    static final String INVALID_REQUEST = "Warehouse.InvalidRequest";

    private final Warehouse warehouse;
    private final Clock clock;
    private final TenantTables tenants;

    /** A loader without the pipelines' configs: the platform's runs load the tables they name, a tenant's run none. */
    public CopyToWarehouse(Warehouse warehouse, Clock clock) {
        this(warehouse, name -> java.util.Optional.empty(), clock);
    }

    /** @param configs the pipelines' configs, whose tables a tenant's run may load ({@link TenantTables}) */
    public CopyToWarehouse(Warehouse warehouse, io.sluice.orchestration.port.ConfigStore configs, Clock clock) {
        this.warehouse = warehouse;
        this.clock = clock;
        this.tenants = new TenantTables(configs);
    }

    @Override
    public JsonNode apply(JsonNode input, TaskContext task) {
        String pipeline = task.owner().requirePipeline(NAME); // null only for the platform's own call outside any execution
        LoadRequest request = owned(request(input), task.owner());
        if (pipeline != null && !request.batchId().startsWith(pipeline + "/")) {
            throw new TaskError(TaskContext.WRONG_PIPELINE, NAME + " runs for pipeline '" + pipeline + "', but batch '" + request.batchId()
                    + "' is not one of its batches: a run loads batches named <pipeline>/..., of its own pipeline.", false);
        }
        tenants.check(task.owner(), pipeline, request.table());
        LoadResult result;
        try {
            result = warehouse.load(request, clock.instant());
        } catch (RuntimeException e) {
            throw new TaskError("Warehouse.CopyFailed", "Loading batch '" + request.batchId() + "' into " + request.table()
                    + " failed: " + e.getMessage(), true, e);
        }
        return switch (result) {
            case LoadResult.Loaded loaded -> Json.object().put("table", request.table()).put("batchId", request.batchId())
                    .put("rows", loaded.rows()).put("alreadyLoaded", loaded.alreadyLoaded());
            case LoadResult.SchemaMismatch mismatch -> throw mismatch(request, mismatch);
            case LoadResult.Rejected rejected -> throw new TaskError(errorName(rejected.reason()),
                    "Batch '" + request.batchId() + "' was not loaded into " + request.table() + ": " + rejected.detail(), false);
        };
    }

    private static LoadRequest request(JsonNode input) {
        String table = text(input, "table");
        String batchId = text(input, "batchId");
        String loadId = input.has("loadId") ? text(input, "loadId") : batchId;
        String source = text(input, "source");
        JsonNode format = input.path("format");
        JsonNode header = input.path("header");
        if (!format.isMissingNode() && !format.isTextual() || !header.isMissingNode() && !header.isBoolean()) {
            throw invalid("'format' must be a string and 'header' true or false.");
        }
        List<String> columns = new ArrayList<>();
        JsonNode given = input.path("columns");
        if (!given.isMissingNode()) {
            if (!given.isArray() || given.isEmpty()) {
                throw invalid("'columns' must be a non-empty array of column names, or left out when the file has a header.");
            }
            given.forEach(c -> columns.add(c.isTextual() && !c.asText().isBlank() ? c.asText()
                    : failOnColumn(c)));
        }
        boolean hasHeader = header.asBoolean(true);
        if (!hasHeader && columns.isEmpty()) {
            throw invalid("a file without a header needs 'columns'.");
        }
        return new LoadRequest(table, batchId, loadId, source, format.asText("csv"), hasHeader, columns);
    }

    private static String failOnColumn(JsonNode column) {
        throw invalid("every column name must be a non-blank string, not " + Json.typeName(column) + ".");
    }

    private static String text(JsonNode input, String field) {
        JsonNode value = input == null ? null : input.get(field);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            throw invalid("'" + field + "' is required (a non-blank string). Expected input: {\"table\": ..., \"batchId\": ..., \"loadId\": ...,"
                    + " \"source\": ..., \"format\": \"csv\", \"header\": true, \"columns\": [...]}.");
        }
        return value.asText();
    }

    /**
     * The request as the run's owner may make it: a tenant's {@code source} is a key of its own namespace
     * ({@code tenants/<tenant>/...}), never a local file or a URI, which the platform's own runs may name.
     */
    private static LoadRequest owned(LoadRequest request, Owner owner) {
        if (owner.isPlatform()) {
            return request;
        }
        String source = request.source();
        if (source.contains(":") || source.startsWith("/")) {
            throw invalid("a tenant's run loads objects of its own namespace: 'source' is a key such as enriched/sales/2026-11-29.csv,"
                    + " not a file or a URI ('" + source + "').");
        }
        try {
            ObjectNamespace.checkedKey(source, "'source'");
        } catch (IllegalArgumentException e) {
            throw invalid(e.getMessage() + ".");
        }
        return new LoadRequest(request.table(), request.batchId(), request.loadId(), ObjectNamespace.prefix(owner) + source,
                request.format(), request.header(), request.columns());
    }

    private static TaskError invalid(String cause) {
        return new TaskError(INVALID_REQUEST, "copy-to-warehouse: " + cause, false);
    }

    private static TaskError mismatch(LoadRequest request, LoadResult.SchemaMismatch m) {
        StringBuilder cause = new StringBuilder("Batch '").append(request.batchId()).append("' does not fit table ")
                .append(request.table()).append(':');
        if (!m.missing().isEmpty()) {
            cause.append(" missing columns ").append(m.missing()).append(" (the table requires them, the batch lacks them)");
        }
        if (!m.extra().isEmpty()) {
            cause.append(m.missing().isEmpty() ? "" : ";").append(" extra columns ").append(m.extra())
                    .append(" (the load writes them, the table lacks them)");
        }
        return new TaskError("Warehouse.SchemaMismatch", cause.append(". Nothing was loaded.").toString(), false);
    }

    private static String errorName(LoadResult.Reason reason) {
        return switch (reason) {
            case TABLE_NOT_FOUND -> "Warehouse.TableNotFound";
            case SOURCE_NOT_FOUND -> "Warehouse.SourceNotFound";
            case BAD_DATA -> "Warehouse.BadData";
            case UNSUPPORTED_FORMAT -> "Warehouse.UnsupportedFormat";
        };
    }

    /** Read: the batch's folder; written: the table, both for the batch's partition ({@code <pipeline>/<partition>}). */
    @Override
    public java.util.List<Dataset> datasets(JsonNode input, JsonNode output) {
        String partition = Datasets.batchPartition(input.path("batchId").asText(""));
        return java.util.List.of(new Dataset(Datasets.objects(input.path("source").asText("")), partition, false),
                new Dataset(Datasets.table(input.path("table").asText("")), partition, true));
    }
}
