package io.sluice.functions.control;

import java.util.Objects;

/**
 * What a rule is asked about: a start, or a running execution's next task. The pipeline's tenant and
 * priority come from the runtime (the tenants file, the pipeline's options), never from a payload.
 *
 * @param tenant    {@code null} for a platform pipeline
 * @param partition {@code null} when the execution has none
 */
public record RuleTarget(String pipeline, String tenant, String priority, String partition) {
    public RuleTarget {
        Objects.requireNonNull(pipeline, "pipeline");
        Objects.requireNonNull(priority, "priority");
    }
}
