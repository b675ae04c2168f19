package io.sluice.functions.tenancy;

import java.util.Optional;

/**
 * Which tenant owns a pipeline, as the host's tenants file says. Functions use it to keep one
 * tenant's run away from another tenant's configs and secrets; a host with no tenants is
 * {@link #SINGLE}: every pipeline belongs to the one operator of the platform.
 */
@FunctionalInterface
public interface Tenancy {

    /** The tenant of {@code pipeline}, or empty when it belongs to none (the platform's own, or no tenants at all). */
    Optional<String> tenantOf(String pipeline);

    /** No tenants: every pipeline is the platform's. */
    Tenancy SINGLE = pipeline -> Optional.empty();

    /** Whether two pipelines have the same owner. */
    default boolean sameOwner(String pipeline, String other) {
        return tenantOf(pipeline).equals(tenantOf(other));
    }

    /**
     * The owner of a run of {@code pipeline} in execution {@code executionId}: its tenant's, or the platform's when no
     * tenant owns the pipeline (only the platform's own files start such a pipeline).
     */
    default Owner ownerOf(String pipeline, String executionId) {
        return tenantOf(pipeline).<Owner>map(t -> new Owner.Tenant(t, pipeline, executionId))
                .orElseGet(() -> new Owner.Platform(pipeline, executionId));
    }

    /** The owners of executions' tasks, for the worker harness: an id that is no execution id ({@code <pipeline>:<name>}) is nobody's. */
    default Owners owners() {
        return executionId -> pipelineOf(executionId).map(p -> ownerOf(p, executionId))
                .orElseGet(() -> new Owner.Nobody("'" + executionId + "' is not an execution id"));
    }

    /** The id of the execution named {@code name} of {@code pipeline}, {@code <pipeline>:<name>}: the one writing of the id. */
    static String executionId(String pipeline, String name) {
        return pipeline + ":" + name;
    }

    /**
     * The pipeline of an execution id, {@code <pipeline>:<name>}, the runtime's word for whose run it is; empty for
     * anything else. The one reading of the id ({@code Orchestrator.pipelineOf} answers with it).
     */
    static Optional<String> pipelineOf(String executionId) {
        int colon = executionId == null ? -1 : executionId.indexOf(':');
        return colon <= 0 ? Optional.empty() : Optional.of(executionId.substring(0, colon));
    }

    /** Whether a run of {@code owner} may act on {@code pipeline}: a pipeline of its own tenant (the platform: of none). */
    default boolean owns(Owner owner, String pipeline) {
        return switch (owner) {
            case Owner.Tenant t -> tenantOf(pipeline).equals(Optional.of(t.name()));
            case Owner.Platform p -> tenantOf(pipeline).isEmpty();
            case Owner.Nobody n -> false;
        };
    }
}
