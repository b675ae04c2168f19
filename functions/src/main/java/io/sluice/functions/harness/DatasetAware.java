package io.sluice.functions.harness;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A task function that knows which datasets a run of it read and wrote, for lineage: asked after the
 * task succeeded, with its input and output. The harness records the answer with the run's identity
 * (the execution and pipeline from the task token, never from the input).
 */
public interface DatasetAware {
    /** A dataset used: {@code <kind>:<name>}, the partition ({@code null} for none), and whether it was written. */
    record Dataset(String name, String partition, boolean written) {}

    List<Dataset> datasets(JsonNode input, JsonNode output);
}
