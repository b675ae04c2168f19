package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A warehouse that bulk-loads prepared batches into tables, exactly once per (table, batch, load).
 *
 * <p>A load replaces whatever rows of the batch the table holds and records the batch, with the load
 * that wrote it and its row count, in a load ledger, all in one transaction. So a retried or duplicated
 * load never adds rows twice: repeating the load the ledger holds for a batch changes nothing and
 * reports the ledger's count with {@code alreadyLoaded}, while a new load of the same batch (a re-run
 * or backfill of a partition by a new execution) replaces the batch's rows. Every target table carries a batch column (named by the adapter) that
 * holds each row's batch id; the batch itself never provides it.
 *
 * <p>Expected outcomes (a mismatch, a missing table or file, bad data) are {@link LoadResult} values;
 * an exception means the warehouse could not be reached or failed, and trying again may help.
 */
public interface Warehouse {

    LoadResult load(LoadRequest request, Instant now);

    /**
     * One batch to load.
     *
     * @param table   the target table, optionally schema-qualified ({@code sales} or {@code analytics.sales})
     * @param batchId the batch's identity, such as a pipeline's partition: a load replaces the batch's rows
     * @param loadId  the load's identity, such as the execution: repeating a load the ledger holds is a no-op
     * @param source  where the rows are: a local file path or {@code file:} URI, or an object-store key
     * @param format  {@code csv} (RFC 4180: an empty unquoted field is NULL, {@code ""} is an empty string)
     * @param header  whether the first line names the columns
     * @param columns the file's columns in order; empty to take them from the header. With both, they must agree
     */
    record LoadRequest(String table, String batchId, String loadId, String source, String format, boolean header,
                       List<String> columns) {
        public LoadRequest {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(batchId, "batchId");
            Objects.requireNonNull(loadId, "loadId");
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(format, "format");
            columns = List.copyOf(columns);
        }

        /** A load that is its batch: loading the batch again, by anyone, is a no-op. */
        public LoadRequest(String table, String batchId, String source, String format, boolean header, List<String> columns) {
            this(table, batchId, batchId, source, format, header, columns);
        }
    }
}
