package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.List;

/**
 * Which runs read and wrote which datasets: a dataset is named {@code <kind>:<name>} ({@code
 * objects:landing/orders/}, {@code warehouse:retail.orders}, {@code export:partner-api}) and each use
 * is of one partition of it ({@code null} for a dataset without partitions).
 */
public interface LineageLog {
    enum Direction { READ, WRITE }

    record Use(String dataset, String partition, Direction direction, String executionId, String pipeline, Instant at) {}

    /** Records a use; recording one twice (a task replayed) keeps one. */
    void record(Use use);

    /** The uses of {@code dataset}'s {@code partition} (any partition when {@code null}), newest first, at most {@code limit}. */
    List<Use> uses(String dataset, String partition, int limit);

    /** The datasets runs of {@code pipeline} have written (in any partition), in name order: where its output goes. */
    List<String> written(String pipeline);
}
