package io.sluice.orchestration.port;

import java.util.List;

/** How a {@link Warehouse} load ended. */
public sealed interface LoadResult {

    /** The batch is in the table with {@code rows} rows; {@code alreadyLoaded} when the ledger had it and nothing was done. */
    record Loaded(long rows, boolean alreadyLoaded) implements LoadResult {}

    /**
     * The batch does not fit the table, and nothing was loaded.
     *
     * @param missing columns the table requires (not null, no default) that the batch lacks
     * @param extra   columns the batch has that the table lacks, including the adapter's batch column
     *                when the table has none
     */
    record SchemaMismatch(List<String> missing, List<String> extra) implements LoadResult {
        public SchemaMismatch {
            missing = List.copyOf(missing);
            extra = List.copyOf(extra);
        }
    }

    /** The load cannot succeed as asked, and nothing was loaded; {@code detail} says why, in a sentence. */
    record Rejected(Reason reason, String detail) implements LoadResult {}

    enum Reason {
        TABLE_NOT_FOUND,
        SOURCE_NOT_FOUND,
        /** The rows do not parse, or break a constraint of the table. */
        BAD_DATA,
        UNSUPPORTED_FORMAT
    }
}
