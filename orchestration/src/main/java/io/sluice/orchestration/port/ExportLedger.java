package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.Optional;

/**
 * Which batches were pushed where: one record per (target, batch). A pushed batch is never pushed
 * again, however often its task runs. Recording is first-writer-wins; a second record of the same
 * batch is an expected outcome ({@code false}), not an error.
 */
public interface ExportLedger {

    Optional<ExportRecord> find(String target, String batchId);

    /** Records a push; {@code false} when the batch was recorded already (the first record stays). */
    boolean record(ExportRecord record);

    /** A pushed batch: where it went, what the destination answered, how many bytes, when. */
    record ExportRecord(String target, String batchId, String receipt, long bytes, Instant pushedAt) {}
}
