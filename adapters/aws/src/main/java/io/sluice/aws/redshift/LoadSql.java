package io.sluice.aws.redshift;

import io.sluice.aws.redshift.Identifiers.TableName;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The SQL of one load, from validated identifiers, Sluice's own names and the settings only. Every value
 * that comes from the request (table key, batch, load, time) is a named parameter:
 * {@code :tbl}, {@code :batch}, {@code :load}, {@code :attempt}, {@code :loaded_at}.
 */
final class LoadSql {
    /** Index, in {@link #swap}, of the statement that inserts the batch's rows (a failure there is the data's fault). */
    static final int INSERT_ROWS = 2;
    /** Index, in {@link #swap}, of the SELECT that reports the ledger row after the load. */
    static final int REPORT = 5;
    /** Index, in {@link #stage}, of the COPY. */
    static final int COPY = 1;

    private final String ledger;
    private final String batchColumn;

    LoadSql(RedshiftWarehouseSettings settings) {
        this.ledger = new TableName(settings.ledgerSchema(), RedshiftWarehouseSettings.LEDGER_TABLE).quoted();
        this.batchColumn = '"' + settings.batchColumn() + '"';
    }

    /** Creates the load ledger: one row per loaded (table, batch), with the load that wrote it. */
    String createLedger() {
        return "CREATE TABLE IF NOT EXISTS " + ledger + " (table_name VARCHAR(512) NOT NULL, batch_id VARCHAR(1024) NOT NULL,"
                + " load_id VARCHAR(1024) NOT NULL, row_count BIGINT NOT NULL, attempt_id VARCHAR(64) NOT NULL,"
                + " loaded_at TIMESTAMP NOT NULL, PRIMARY KEY (table_name, batch_id))";
    }

    /** The rows of the batch if this load wrote it. */
    String ledgerRow() {
        return "SELECT row_count FROM " + ledger + " WHERE table_name = :tbl AND batch_id = :batch AND load_id = :load";
    }

    /** The target's columns in order, whether each is required (NOT NULL without a default). Parameters {@code :schema}, {@code :name}. */
    static String columns() {
        return "SELECT column_name, CASE WHEN is_nullable = 'NO' AND column_default IS NULL THEN 1 ELSE 0 END AS required"
                + " FROM information_schema.columns WHERE table_schema = :schema AND table_name = :name ORDER BY ordinal_position";
    }

    /** One transaction: a staging table shaped like the batch's columns of the target, and COPY into it from the manifest. */
    List<String> stage(String stage, TableName target, List<String> columns, String manifestUrl, String role, boolean header) {
        String list = list(columns);
        return List.of(
                "CREATE TABLE " + stage + " AS SELECT " + list + " FROM " + target.quoted() + " WHERE 1 = 0",
                "COPY " + stage + " (" + list + ") FROM '" + manifestUrl + "' IAM_ROLE '" + role + "' MANIFEST FORMAT AS CSV"
                        + (header ? " IGNOREHEADER 1" : "") + " EMPTYASNULL COMPUPDATE OFF STATUPDATE OFF");
    }

    /**
     * One transaction, serialised with every other load by the ledger's table lock (taken first, so Redshift's
     * serializable isolation sees no conflict): unless the ledger already holds this load of the batch, the
     * batch's rows are replaced by the staged ones and the ledger row by this load's; then the ledger row is
     * reported (its {@code attempt_id} says whether this transaction wrote it) and the staging table dropped.
     */
    List<String> swap(String stage, TableName target, List<String> columns) {
        String list = list(columns);
        String notLoaded = "NOT EXISTS (SELECT 1 FROM " + ledger + " WHERE table_name = :tbl AND batch_id = :batch AND load_id = :load)";
        return List.of(
                "LOCK " + ledger,
                "DELETE FROM " + target.quoted() + " WHERE " + batchColumn + " = :batch AND " + notLoaded,
                "INSERT INTO " + target.quoted() + " (" + list + ", " + batchColumn + ") SELECT " + list
                        + ", CAST(:batch AS VARCHAR(1024)) FROM " + stage + " WHERE " + notLoaded,
                "DELETE FROM " + ledger + " WHERE table_name = :tbl AND batch_id = :batch AND load_id <> :load",
                "INSERT INTO " + ledger + " (table_name, batch_id, load_id, row_count, attempt_id, loaded_at)"
                        + " SELECT CAST(:tbl AS VARCHAR(512)), CAST(:batch AS VARCHAR(1024)), CAST(:load AS VARCHAR(1024)), staged.n,"
                        + " CAST(:attempt AS VARCHAR(64)), CAST(:loaded_at AS TIMESTAMP)"
                        + " FROM (SELECT COUNT(*) AS n FROM " + stage + ") AS staged WHERE " + notLoaded,
                "SELECT row_count, attempt_id FROM " + ledger + " WHERE table_name = :tbl AND batch_id = :batch AND load_id = :load",
                "DROP TABLE " + stage);
    }

    String dropIfExists(String stage) {
        return "DROP TABLE IF EXISTS " + stage;
    }

    private static String list(List<String> columns) {
        return columns.stream().map(c -> '"' + c + '"').collect(Collectors.joining(", "));
    }
}
