package io.sluice.azure.synapse;

import io.sluice.orchestration.port.CsvHeaderLine;
import io.sluice.orchestration.port.LoadResult;
import io.sluice.orchestration.port.LoadResult.Reason;
import io.sluice.orchestration.port.Warehouse;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * {@link Warehouse} on an Azure Synapse dedicated SQL pool (T-SQL). A load:
 *
 * <ol>
 *   <li>checks the table name and columns (regular identifiers only, written in brackets; every value is a
 *       bound parameter) and asks the load ledger whether this load of the batch is there already: then it is
 *       {@code Loaded(rows, true)} before the source is opened;</li>
 *   <li>reads the file's header, compares the columns with the table's ({@code sys.columns}: required ones
 *       are NOT NULL without a default), and stages the file with {@code COPY INTO} into a staging table of
 *       its own (a round-robin heap made by CTAS from the target's columns). Synapse runs CTAS and COPY outside
 *       user transactions, so staging happens before the transaction, and a failed COPY is {@code BAD_DATA}
 *       with nothing loaded;</li>
 *   <li>in one transaction: takes the batch's lock row ({@code UPDATE sluice_load_lock}: writers block writers
 *       under any isolation level, and Synapse enforces no unique constraint, so a row lock is how two loads of
 *       one batch serialise), checks the ledger again, deletes the batch's rows from the target, inserts the
 *       staged rows with the batch id, and replaces the ledger row; commit;</li>
 *   <li>drops the staging table, whatever happened.</li>
 * </ol>
 * The ledger ({@code <ledgerSchema>.sluice_load_ledger}) and lock table are created if absent. Every target
 * table needs an {@code nvarchar} column {@value #BATCH_COLUMN}.
 */
public final class SynapseWarehouse implements Warehouse {
    public static final String BATCH_COLUMN = "sluice_batch";
    static final String LEDGER = "sluice_load_ledger";
    static final String LOCKS = "sluice_load_lock";

    private final SqlSession.Factory sessions;
    private final BatchFiles files;
    private final String ledger;
    private final String locks;
    private final String credential;

    /**
     * @param ledgerSchema where the ledger and lock tables live
     * @param credential   COPY INTO's {@code CREDENTIAL} clause body, such as {@code IDENTITY = 'Managed Identity'}
     */
    public SynapseWarehouse(SqlSession.Factory sessions, BatchFiles files, String ledgerSchema, String credential) {
        this.sessions = sessions;
        this.files = files;
        this.ledger = TsqlNames.quote(ledgerSchema) + "." + TsqlNames.quote(LEDGER);
        this.locks = TsqlNames.quote(ledgerSchema) + "." + TsqlNames.quote(LOCKS);
        this.credential = credential;
        run(s -> {
            s.update("IF OBJECT_ID(N'" + ledgerSchema + "." + LEDGER + "') IS NULL CREATE TABLE " + ledger
                    + " (table_name nvarchar(300) NOT NULL, batch_id nvarchar(400) NOT NULL, load_id nvarchar(400) NOT NULL,"
                    + " row_count bigint NOT NULL, loaded_at datetime2 NOT NULL) WITH (DISTRIBUTION = ROUND_ROBIN, HEAP)", List.of());
            s.update("IF OBJECT_ID(N'" + ledgerSchema + "." + LOCKS + "') IS NULL CREATE TABLE " + locks
                    + " (table_name nvarchar(300) NOT NULL, batch_id nvarchar(400) NOT NULL, locked_at datetime2 NULL)"
                    + " WITH (DISTRIBUTION = ROUND_ROBIN, HEAP)", List.of());
            return null;
        });
    }

    @Override
    public LoadResult load(LoadRequest request, Instant now) {
        Optional<TsqlNames.Table> named = TsqlNames.table(request.table());
        if (named.isEmpty()) {
            return new LoadResult.Rejected(Reason.TABLE_NOT_FOUND, "'" + request.table() + "' is not a table name Sluice loads:"
                    + " [schema.]table, each a letter or _ then letters, digits and _.");
        }
        TsqlNames.Table table = named.get();
        return run(s -> {
            List<Column> columns = columns(s, table);
            if (columns.isEmpty()) {
                return new LoadResult.Rejected(Reason.TABLE_NOT_FOUND, "there is no table " + table.key() + ".");
            }
            Optional<Long> loaded = ledgerRows(s, table, request);
            if (loaded.isPresent()) {
                return new LoadResult.Loaded(loaded.get(), true);
            }
            if (!request.format().equalsIgnoreCase("csv")) {
                return new LoadResult.Rejected(Reason.UNSUPPORTED_FORMAT, "format '" + request.format() + "' is not supported by the"
                        + " Synapse warehouse; use csv.");
            }
            Optional<BatchFiles.BatchFile> file = files.find(request.source());
            if (file.isEmpty()) {
                return new LoadResult.Rejected(Reason.SOURCE_NOT_FOUND, "there is nothing at " + request.source() + ".");
            }
            List<String> batchColumns = request.columns();
            if (request.header()) {
                if (file.get().firstLine() == null) {
                    return new LoadResult.Rejected(Reason.BAD_DATA, "the file has no header line.");
                }
                List<String> header;
                try {
                    header = CsvHeaderLine.fields(file.get().firstLine());
                } catch (IllegalArgumentException e) {
                    return new LoadResult.Rejected(Reason.BAD_DATA, e.getMessage() + ".");
                }
                if (!batchColumns.isEmpty() && !header.equals(batchColumns)) {
                    return new LoadResult.Rejected(Reason.BAD_DATA, "the file's header " + header + " differs from the declared columns "
                            + batchColumns + ".");
                }
                batchColumns = batchColumns.isEmpty() ? header : batchColumns;
            }
            List<String> names = List.copyOf(batchColumns);
            if (new HashSet<>(names).size() != names.size() || names.contains(BATCH_COLUMN)
                    || !names.stream().allMatch(TsqlNames::valid)) {
                return new LoadResult.Rejected(Reason.BAD_DATA, "the columns " + names + " are not distinct identifiers, or include "
                        + BATCH_COLUMN + ", which Sluice fills with the batch id.");
            }
            List<String> missing = columns.stream().filter(c -> c.required() && !names.contains(c.name()))
                    .map(Column::name).sorted().toList();
            List<String> extra = new ArrayList<>(names.stream().filter(b -> columns.stream().noneMatch(c -> c.name().equals(b))).toList());
            if (columns.stream().noneMatch(c -> c.name().equals(BATCH_COLUMN))) {
                extra.add(BATCH_COLUMN);
            }
            if (!missing.isEmpty() || !extra.isEmpty()) {
                return new LoadResult.SchemaMismatch(missing, extra);
            }
            seedLock(s, table, request.batchId());
            return stageAndReplace(s, table, request, names, file.get(), now);
        });
    }

    private LoadResult stageAndReplace(SqlSession s, TsqlNames.Table table, LoadRequest request, List<String> batchColumns,
                                       BatchFiles.BatchFile file, Instant now) throws SQLException {
        String list = batchColumns.stream().map(TsqlNames::quote).collect(Collectors.joining(", "));
        String stage = TsqlNames.quote(table.schema()) + "." + TsqlNames.quote("sluice_stage_" + UUID.randomUUID().toString().replace("-", ""));
        s.update("CREATE TABLE " + stage + " WITH (DISTRIBUTION = ROUND_ROBIN, HEAP) AS SELECT " + list + " FROM " + table.quoted()
                + " WHERE 1 = 0", List.of());
        try {
            try {
                s.update("COPY INTO " + stage + " (" + list + ") FROM " + TsqlNames.literal(file.url()) + " WITH (FILE_TYPE = 'CSV',"
                        + " FIELDTERMINATOR = ',', FIELDQUOTE = '\"', ROWTERMINATOR = '0x0A', ENCODING = 'UTF8', FIRSTROW = "
                        + (request.header() ? 2 : 1) + ", MAXERRORS = 0, CREDENTIAL = (" + credential + "))", List.of());
            } catch (SQLException e) {
                if (transient_(e)) {
                    throw e;
                }
                return new LoadResult.Rejected(Reason.BAD_DATA, "COPY INTO refused the file: " + e.getMessage().replaceAll("\\s+", " "));
            }
            s.begin();
            try {
                s.update("UPDATE " + locks + " SET locked_at = ? WHERE table_name = ? AND batch_id = ?",
                        List.of(Timestamp.from(now), table.key(), request.batchId()));
                Optional<Long> loaded = ledgerRows(s, table, request);
                if (loaded.isPresent()) {
                    s.rollback(); // another load of the same batch finished while this one staged
                    return new LoadResult.Loaded(loaded.get(), true);
                }
                String batch = TsqlNames.quote(BATCH_COLUMN);
                s.update("DELETE FROM " + table.quoted() + " WHERE " + batch + " = ?", List.of(request.batchId()));
                long rows = s.update("INSERT INTO " + table.quoted() + " (" + list + ", " + batch + ") SELECT " + list + ", ? FROM " + stage,
                        List.of(request.batchId()));
                s.update("DELETE FROM " + ledger + " WHERE table_name = ? AND batch_id = ?", List.of(table.key(), request.batchId()));
                s.update("INSERT INTO " + ledger + " (table_name, batch_id, load_id, row_count, loaded_at) VALUES (?, ?, ?, ?, ?)",
                        List.of(table.key(), request.batchId(), request.loadId(), rows, Timestamp.from(now)));
                s.commit();
                return new LoadResult.Loaded(rows, false);
            } catch (SQLException | RuntimeException e) {
                s.rollback();
                throw e;
            }
        } finally {
            s.update("DROP TABLE " + stage, List.of());
        }
    }

    /** Seeds the batch's lock row (outside the transaction; a duplicate from a race is harmless: the UPDATE takes them all). */
    private void seedLock(SqlSession s, TsqlNames.Table table, String batchId) throws SQLException {
        s.update("INSERT INTO " + locks + " (table_name, batch_id) SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM " + locks
                + " WHERE table_name = ? AND batch_id = ?)", List.of(table.key(), batchId, table.key(), batchId));
    }

    private Optional<Long> ledgerRows(SqlSession s, TsqlNames.Table table, LoadRequest request) throws SQLException {
        List<Map<String, Object>> rows = s.query("SELECT TOP 1 row_count FROM " + ledger + " WHERE table_name = ? AND batch_id = ?"
                + " AND load_id = ?", List.of(table.key(), request.batchId(), request.loadId()));
        return rows.isEmpty() ? Optional.empty() : Optional.of(((Number) rows.getFirst().get("row_count")).longValue());
    }

    record Column(String name, boolean required) {}

    private static List<Column> columns(SqlSession s, TsqlNames.Table table) throws SQLException {
        List<Column> out = new ArrayList<>();
        for (Map<String, Object> r : s.query("SELECT c.name AS name, CASE WHEN c.is_nullable = 0 AND c.default_object_id = 0"
                + " AND c.is_identity = 0 AND c.is_computed = 0 THEN 1 ELSE 0 END AS required FROM sys.columns c"
                + " JOIN sys.tables t ON c.object_id = t.object_id JOIN sys.schemas s ON t.schema_id = s.schema_id"
                + " WHERE s.name = ? AND t.name = ? ORDER BY c.column_id", List.of(table.schema(), table.name()))) {
            String name = (String) r.get("name");
            out.add(new Column(name, ((Number) r.get("required")).intValue() == 1 && !name.equals(BATCH_COLUMN)));
        }
        return out;
    }

    /** Connection, throttling and deadlock errors (SQLState 08, 40; SQL Server 1205, 40501, 40613): worth retrying, not bad data. */
    private static boolean transient_(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        return state.startsWith("08") || state.startsWith("40") || e.getErrorCode() == 1205 || e.getErrorCode() == 40501
                || e.getErrorCode() == 40613;
    }

    private interface Work<T> {
        T run(SqlSession s) throws SQLException;
    }

    private <T> T run(Work<T> work) {
        try (SqlSession s = sessions.open()) {
            return work.run(s);
        } catch (SQLException e) {
            throw new IllegalStateException("Synapse: " + e.getMessage(), e);
        }
    }
}
