package io.sluice.postgres.warehouse;

import io.sluice.orchestration.port.LoadResult;
import io.sluice.orchestration.port.LoadResult.Reason;
import io.sluice.orchestration.port.Warehouse;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.util.PSQLException;

/**
 * The local warehouse: PostgreSQL. A load takes a transaction-scoped advisory lock on (table, batch),
 * returns the ledger's count if this load of the batch is there, and otherwise streams the file with
 * {@code COPY ... FROM STDIN} into a temporary staging table, deletes the table's rows of the batch,
 * inserts the staged rows with the batch id, and records the batch and load in {@code sluice_load_ledger} —
 * all in one transaction, so a load that fails or dies leaves nothing behind and concurrent loads of a
 * batch add its rows once.
 *
 * <p>Every target table needs a text column for the batch id, {@value #BATCH_COLUMN} unless another is
 * named; a table without it is reported as a schema mismatch (the load's extra column).
 */
public final class PostgresWarehouse implements Warehouse {
    public static final String BATCH_COLUMN = "sluice_batch";
    private static final String STAGE = "pg_temp.sluice_stage";

    private final DataSource dataSource;
    private final BatchSource sources;
    private final String batchColumn;

    public PostgresWarehouse(DataSource dataSource, BatchSource sources) {
        this(dataSource, sources, BATCH_COLUMN);
    }

    /** Creates the load ledger if it is absent. */
    public PostgresWarehouse(DataSource dataSource, BatchSource sources, String batchColumn) {
        this.dataSource = dataSource;
        this.sources = sources;
        this.batchColumn = batchColumn;
        inTransaction(c -> {
            // A lock, because two processes creating the same table at once can collide in the catalog.
            try (Statement s = c.createStatement()) {
                s.execute("select pg_advisory_xact_lock(hashtext('sluice.schema'))");
            }
            LoadLedger.createIfAbsent(c);
            return null;
        });
    }

    @Override
    public LoadResult load(LoadRequest request, Instant now) {
        return inTransaction(c -> {
            Optional<TargetTable> target = TargetTable.find(c, request.table(), batchColumn);
            if (target.isEmpty()) {
                return new LoadResult.Rejected(Reason.TABLE_NOT_FOUND, "there is no table " + request.table() + ".");
            }
            TargetTable table = target.get();
            LoadLedger.lock(c, table.key(), request.batchId());
            OptionalLong loaded = LoadLedger.rows(c, table.key(), request.batchId(), request.loadId());
            if (loaded.isPresent()) {
                return new LoadResult.Loaded(loaded.getAsLong(), true);
            }
            if (!request.format().equalsIgnoreCase("csv")) {
                return new LoadResult.Rejected(Reason.UNSUPPORTED_FORMAT, "format '" + request.format() + "' is not supported by"
                        + " the PostgreSQL warehouse; use csv.");
            }
            try (InputStream raw = sources.open(request.source()); BufferedInputStream in = new BufferedInputStream(raw, 1 << 16)) {
                return copy(c, table, request, in, now);
            } catch (NoSuchFileException e) {
                return new LoadResult.Rejected(Reason.SOURCE_NOT_FOUND, "there is nothing at " + request.source() + ".");
            }
        });
    }

    private LoadResult copy(Connection c, TargetTable table, LoadRequest request, BufferedInputStream in, Instant now)
            throws SQLException, IOException {
        CsvHeader.skipByteOrderMark(in);
        List<String> columns = request.columns();
        if (request.header()) {
            List<String> header;
            try {
                header = CsvHeader.peek(in);
            } catch (IllegalArgumentException e) {
                return badData(c, e.getMessage() + ".");
            }
            if (header == null) {
                return badData(c, "the file has no header line.");
            }
            if (!columns.isEmpty() && !header.equals(columns)) {
                return badData(c, "the file's header " + header + " differs from the declared columns " + columns + ".");
            }
            columns = columns.isEmpty() ? header : columns;
        }
        if (new HashSet<>(columns).size() != columns.size() || columns.contains(batchColumn) || columns.contains("")) {
            return badData(c, "the columns " + columns + " are not distinct names, or include " + batchColumn
                    + ", which Sluice fills with the batch id.");
        }
        List<String> missing = table.missing(columns);
        List<String> extra = table.extra(columns, batchColumn);
        if (!missing.isEmpty() || !extra.isEmpty()) {
            c.rollback();
            return new LoadResult.SchemaMismatch(missing, extra);
        }
        try {
            long rows = stageAndReplace(c, table, request, columns, in);
            LoadLedger.record(c, table.key(), request.batchId(), request.loadId(), rows, now);
            return new LoadResult.Loaded(rows, false);
        } catch (PSQLException e) {
            if (e.getSQLState() != null && (e.getSQLState().startsWith("22") || e.getSQLState().startsWith("23"))) {
                return badData(c, describe(e));
            }
            throw e;
        }
    }

    /** COPY into a staging table shaped like the batch's columns of the target, then swap the batch's rows. */
    private long stageAndReplace(Connection c, TargetTable table, LoadRequest request, List<String> columns, InputStream in)
            throws SQLException, IOException {
        String list = columns.stream().map(TargetTable::quote).collect(Collectors.joining(", "));
        try (Statement s = c.createStatement()) {
            s.execute("create temporary table sluice_stage on commit drop as select " + list + " from " + table.quoted()
                    + " with no data");
        }
        c.unwrap(PGConnection.class).getCopyAPI().copyIn("copy " + STAGE + " (" + list + ") from stdin with (format csv"
                + (request.header() ? ", header true" : "") + ")", in);
        String batch = TargetTable.quote(batchColumn);
        try (PreparedStatement delete = c.prepareStatement("delete from " + table.quoted() + " where " + batch + " = ?")) {
            delete.setString(1, request.batchId());
            delete.executeUpdate();
        }
        try (PreparedStatement insert = c.prepareStatement("insert into " + table.quoted() + " (" + list + ", " + batch
                + ") select " + list + ", ? from " + STAGE)) {
            insert.setString(1, request.batchId());
            return insert.executeLargeUpdate();
        }
    }

    private static LoadResult badData(Connection c, String detail) throws SQLException {
        c.rollback();
        return new LoadResult.Rejected(Reason.BAD_DATA, detail);
    }

    /** PostgreSQL's message and where it happened (file line and column), on one line. */
    private static String describe(PSQLException e) {
        var server = e.getServerErrorMessage();
        if (server == null) {
            return e.getMessage();
        }
        String where = server.getWhere() == null ? "" : " (" + server.getWhere().replace("COPY sluice_stage, ", "file ") + ")";
        return (server.getMessage() + where).replaceAll("\\s+", " ");
    }

    private interface Work<T> {
        T run(Connection c) throws SQLException, IOException;
    }

    /** Runs {@code work} in a transaction: committed unless it rolled back itself or threw. */
    private <T> T inTransaction(Work<T> work) {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | IOException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
