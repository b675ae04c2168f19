package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A warehouse that bulk-loads prepared batches into tables, exactly once per (table, batch).
 *
 * <p>A load replaces whatever rows of the batch the table holds and records the batch, with its row
 * count, in a load ledger, all in one transaction. So a retried or duplicated load never adds rows
 * twice, and loading a batch the ledger already holds changes nothing and reports the ledger's count
 * with {@code alreadyLoaded}. Every target table carries a batch column (named by the adapter) that
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
     * @param batchId the batch's identity: a second load with the same id is a no-op
     * @param source  where the rows are: a local file path or {@code file:} URI, or an object-store key
     * @param format  {@code csv} (RFC 4180: an empty unquoted field is NULL, {@code ""} is an empty string)
     * @param header  whether the first line names the columns
     * @param columns the file's columns in order; empty to take them from the header. With both, they must agree
     */
    record LoadRequest(String table, String batchId, String source, String format, boolean header, List<String> columns) {
        public LoadRequest {
            Objects.requireNonNull(table, "table");
            Objects.requireNonNull(batchId, "batchId");
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(format, "format");
            columns = List.copyOf(columns);
        }
    }
}
