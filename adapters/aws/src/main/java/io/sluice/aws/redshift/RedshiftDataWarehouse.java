package io.sluice.aws.redshift;

import io.sluice.aws.redshift.CsvHeader.Peeked;
import io.sluice.aws.redshift.Identifiers.TableName;
import io.sluice.aws.s3.S3Location;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.LoadResult;
import io.sluice.orchestration.port.LoadResult.Reason;
import io.sluice.orchestration.port.Warehouse;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.Sleeper;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.redshiftdata.RedshiftDataClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * {@link Warehouse} on Amazon Redshift through the Data API, with the load ledger in Redshift itself, since
 * it must commit with the rows it describes. A load:
 * <ol>
 *   <li>asks the ledger whether this load of the batch is recorded ({@code alreadyLoaded}, before the source is read);</li>
 *   <li>reads the target's columns from {@code information_schema.columns} and the file's header from S3 (a ranged GET),
 *       and answers a mismatch with {@link LoadResult.SchemaMismatch} naming the columns, before anything is written;</li>
 *   <li>writes a one-entry COPY manifest naming the file (so COPY reads that object only, never others that merely share
 *       its prefix, and no caller text enters the COPY statement), then, in one transaction, creates a staging table and
 *       COPYs the file into it (a COPY that fails is the data's fault: {@code BAD_DATA});</li>
 *   <li>in a second transaction, which first locks the ledger, replaces the batch's rows with the staged ones and the
 *       ledger row with this load's, unless the ledger holds this load already (a concurrent twin finished first), and
 *       drops the staging table ({@link LoadSql#swap}).</li>
 * </ol>
 * Identifiers are checked against a grammar and quoted ({@link Identifiers}); every value is a Data API
 * parameter. A failed load leaves no rows behind; its staging table is dropped, and one left by a crashed
 * process ({@code sluice_stage_<hex>}) is referenced by nothing and may be dropped at any time.
 */
public final class RedshiftDataWarehouse implements Warehouse {
    private static final int HEADER_BYTES = 1 << 20;
    private static final int MAX_ID_BYTES = 1024;
    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS").withZone(ZoneOffset.UTC);

    private final RedshiftStatements statements;
    private final S3Client s3;
    private final RedshiftWarehouseSettings settings;
    private final LoadSql sql;
    private volatile boolean ledgerReady;

    private RedshiftDataWarehouse(RedshiftStatements statements, S3Client s3, RedshiftWarehouseSettings settings) {
        this.statements = statements;
        this.s3 = s3;
        this.settings = settings;
        this.sql = new LoadSql(settings);
    }

    /**
     * A warehouse on {@code target}, polling each statement with {@code polling} (capped exponential backoff) for at
     * most {@code statementTimeout}; {@code s3} reads sources' headers and writes the COPY manifests.
     */
    public static RedshiftDataWarehouse create(RedshiftDataClient data, RedshiftTarget target, S3Client s3,
                                               RedshiftWarehouseSettings settings, Backoff polling, Duration statementTimeout,
                                               Clock clock, Sleeper sleeper) {
        return new RedshiftDataWarehouse(new RedshiftStatements(data, target, polling, statementTimeout, clock, sleeper), s3, settings);
    }

    @Override
    public LoadResult load(LoadRequest request, Instant now) {
        Optional<TableName> name = TableName.parse(request.table(), settings.defaultSchema());
        if (name.isEmpty()) {
            return new LoadResult.Rejected(Reason.TABLE_NOT_FOUND, "'" + request.table() + "' is not a table name Sluice loads: "
                    + "[schema.]table, each a letter or _ then letters, digits, _ or $.");
        }
        TableName table = name.get();
        requireShortId("batchId", request.batchId());
        requireShortId("loadId", request.loadId());
        ensureLedger();
        Map<String, String> keys = Map.of("tbl", table.key(), "batch", request.batchId(), "load", request.loadId());
        List<Map<String, String>> recorded = statements.query(sql.ledgerRow(), keys);
        if (!recorded.isEmpty()) {
            return new LoadResult.Loaded(Long.parseLong(recorded.getFirst().get("row_count")), true);
        }
        if (!request.format().equalsIgnoreCase("csv")) {
            return new LoadResult.Rejected(Reason.UNSUPPORTED_FORMAT, "format '" + request.format() + "' is not supported by the "
                    + "Redshift warehouse; use csv.");
        }
        Optional<TargetColumns> target = columnsOf(table);
        if (target.isEmpty()) {
            return new LoadResult.Rejected(Reason.TABLE_NOT_FOUND, "there is no table " + table.key() + ".");
        }
        Optional<S3Object> source = S3Object.of(request.source(), settings.sources());
        if (source.isEmpty()) {
            return new LoadResult.Rejected(Reason.SOURCE_NOT_FOUND, "'" + request.source() + "' names no S3 object: give an s3:// URI"
                    + (settings.sources() == null ? "" : " or a key under " + settings.sources()) + ".");
        }
        Optional<Long> size = size(source.get());
        if (size.isEmpty()) {
            return new LoadResult.Rejected(Reason.SOURCE_NOT_FOUND, "there is nothing at " + source.get() + ".");
        }
        List<String> columns = request.columns().stream().map(c -> c.toLowerCase(Locale.ROOT)).toList();
        if (request.header()) {
            Peeked peeked = peek(source.get(), size.get());
            switch (peeked) {
                case Peeked.Empty e -> {
                    return badData("the file has no header line.");
                }
                case Peeked.Bad b -> {
                    return badData(b.why() + ".");
                }
                case Peeked.Columns c -> {
                    List<String> header = c.names().stream().map(n -> n.toLowerCase(Locale.ROOT)).toList();
                    if (!columns.isEmpty() && !header.equals(columns)) {
                        return badData("the file's header " + c.names() + " differs from the declared columns " + request.columns() + ".");
                    }
                    columns = header;
                }
            }
        }
        Optional<String> bad = badColumns(columns);
        if (bad.isPresent()) {
            return badData(bad.get());
        }
        List<String> missing = target.get().missing(columns);
        List<String> extra = target.get().extra(columns, settings.batchColumn());
        if (!missing.isEmpty() || !extra.isEmpty()) {
            return new LoadResult.SchemaMismatch(missing, extra);
        }
        return copyAndSwap(request, table, columns, source.get(), now);
    }

    private LoadResult copyAndSwap(LoadRequest request, TableName table, List<String> columns, S3Object source, Instant now) {
        String attempt = UUID.randomUUID().toString().replace("-", "");
        String stage = new TableName(settings.ledgerSchema(), "sluice_stage_" + attempt).quoted();
        S3Location manifests = settings.manifests();
        String manifestKey = manifests.keyOf(attempt + ".manifest");
        s3.putObject(b -> b.bucket(manifests.bucket()).key(manifestKey).contentType("application/json"),
                RequestBody.fromString(manifest(source), StandardCharsets.UTF_8));
        boolean staged = false;
        try {
            RedshiftStatements.Outcome copy = statements.batch(sql.stage(stage, table, columns, "s3://" + manifests.bucket() + "/"
                    + manifestKey, settings.copyRoleArn(), request.header()), Map.of());
            if (!copy.finished()) {
                if (copy.failedStatement() == LoadSql.COPY) {
                    return badData("COPY of " + source + " failed: " + copy.error() + " (sys_load_error_detail has the line and column).");
                }
                throw new IllegalStateException("Redshift could not stage " + source + " for " + table.key() + ": " + copy.error());
            }
            staged = true;
            Map<String, String> parameters = new LinkedHashMap<>();
            parameters.put("tbl", table.key());
            parameters.put("batch", request.batchId());
            parameters.put("load", request.loadId());
            parameters.put("attempt", attempt);
            parameters.put("loaded_at", TIMESTAMP.format(now));
            RedshiftStatements.Outcome swap = statements.batch(sql.swap(stage, table, columns), parameters);
            if (!swap.finished()) {
                if (swap.failedStatement() == LoadSql.INSERT_ROWS) {
                    return badData("the rows of " + source + " do not fit " + table.key() + ": " + swap.error());
                }
                throw new IllegalStateException("Redshift could not load batch " + request.batchId() + " into " + table.key() + ": "
                        + swap.error());
            }
            staged = false; // the swap dropped it
            List<Map<String, String>> report = statements.rows(swap.id() + ":" + (LoadSql.REPORT + 1));
            if (report.isEmpty()) {
                throw new IllegalStateException("the load ledger has no row for batch " + request.batchId() + " of " + table.key()
                        + " after its load");
            }
            long rows = Long.parseLong(report.getFirst().get("row_count"));
            return new LoadResult.Loaded(rows, !attempt.equals(report.getFirst().get("attempt_id")));
        } finally {
            if (staged) {
                dropQuietly(stage);
            }
            s3.deleteObject(b -> b.bucket(manifests.bucket()).key(manifestKey));
        }
    }

    private void dropQuietly(String stage) {
        try {
            statements.execute(sql.dropIfExists(stage), Map.of());
        } catch (RuntimeException e) {
            // A staging table left behind is referenced by nothing; the load's own outcome matters more.
        }
    }

    private void ensureLedger() {
        if (!ledgerReady) {
            RedshiftStatements.Outcome created = statements.execute(sql.createLedger(), Map.of());
            // Two processes creating it at once: one fails on the catalog, and the table is there all the same.
            if (!created.finished() && !created.error().contains("already exists")) {
                throw new IllegalStateException("cannot create the load ledger: " + created.error());
            }
            ledgerReady = true;
        }
    }

    private Optional<TargetColumns> columnsOf(TableName table) {
        List<Map<String, String>> rows = statements.query(LoadSql.columns(), Map.of("schema", table.schema(), "name", table.table()));
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        List<String> all = new ArrayList<>();
        List<String> required = new ArrayList<>();
        for (Map<String, String> r : rows) {
            String column = r.get("column_name");
            all.add(column);
            if ("1".equals(r.get("required")) && !column.equals(settings.batchColumn())) {
                required.add(column);
            }
        }
        return Optional.of(new TargetColumns(all, required));
    }

    private Optional<String> badColumns(List<String> columns) {
        if (columns.isEmpty()) {
            return Optional.of("the load names no columns: give the file a header or declare its columns.");
        }
        if (new HashSet<>(columns).size() != columns.size() || columns.contains(settings.batchColumn())) {
            return Optional.of("the columns " + columns + " are not distinct names, or include " + settings.batchColumn()
                    + ", which Sluice fills with the batch id.");
        }
        for (String c : columns) {
            if (!Identifiers.valid(c)) {
                return Optional.of("column '" + c + "' is not a name Sluice loads into Redshift: a letter or _, then letters, digits, _ or $.");
            }
        }
        return Optional.empty();
    }

    private Optional<Long> size(S3Object source) {
        try {
            HeadObjectResponse head = s3.headObject(b -> b.bucket(source.bucket()).key(source.key()));
            return Optional.of(head.contentLength());
        } catch (NoSuchKeyException e) {
            return Optional.empty();
        } catch (S3Exception e) {
            if (e.statusCode() == 404) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private Peeked peek(S3Object source, long size) {
        if (size == 0) {
            return CsvHeader.peek(new byte[0], true);
        }
        long last = Math.min(size, HEADER_BYTES) - 1;
        byte[] first = s3.getObjectAsBytes(b -> b.bucket(source.bucket()).key(source.key()).range("bytes=0-" + last)).asByteArray();
        return CsvHeader.peek(first, size <= HEADER_BYTES);
    }

    private static String manifest(S3Object source) {
        return Json.write(Json.object().set("entries", Json.NODES.arrayNode().add(Json.object().put("url", source.toString()).put("mandatory", true))));
    }

    private static void requireShortId(String field, String value) {
        if (value.getBytes(StandardCharsets.UTF_8).length > MAX_ID_BYTES) {
            throw new IllegalArgumentException(field + " is longer than the load ledger's " + MAX_ID_BYTES + " bytes");
        }
    }

    private static LoadResult badData(String detail) {
        return new LoadResult.Rejected(Reason.BAD_DATA, detail);
    }

    /** The target table's columns and the ones a batch must provide (NOT NULL, no default). */
    private record TargetColumns(List<String> columns, List<String> required) {
        List<String> missing(List<String> batchColumns) {
            return required.stream().filter(c -> !batchColumns.contains(c)).sorted().toList();
        }

        List<String> extra(List<String> batchColumns, String batchColumn) {
            List<String> extra = new ArrayList<>(batchColumns.stream().filter(c -> !columns.contains(c)).toList());
            if (!columns.contains(batchColumn)) {
                extra.add(batchColumn);
            }
            return extra;
        }
    }

    @Override
    public String toString() {
        return "RedshiftDataWarehouse[ledger " + settings.ledgerSchema() + "." + RedshiftWarehouseSettings.LEDGER_TABLE + "]";
    }
}
