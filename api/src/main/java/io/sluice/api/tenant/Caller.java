package io.sluice.api.tenant;

import io.sluice.functions.tenancy.Owner;
import java.util.Set;

/** Who sent a request, as far as the API is concerned: what it may see and change. */
public sealed interface Caller {
    /** Whether the pipeline {@code id} (and its executions) exist for this caller. */
    boolean sees(String pipeline);

    /** Whether it may start, stop, redrive and complete tasks (within what it sees). */
    boolean mayChange();

    /** The tenant's name, or {@code null} in local mode. */
    String tenant();

    /**
     * The owner of a run this caller starts in process (StartSyncExecution, TestState): the caller's tenant, or the
     * platform in the local mode. The run acts for {@code pipeline} ({@code null}: none, as a TestState).
     */
    Owner owner(String pipeline, String executionId);

    /** No tenants are configured: the local mode, where every request may do everything. */
    record Local() implements Caller {
        @Override
        public boolean sees(String pipeline) {
            return true;
        }

        @Override
        public boolean mayChange() {
            return true;
        }

        @Override
        public String tenant() {
            return null;
        }

        @Override
        public Owner owner(String pipeline, String executionId) {
            return new Owner.Platform(pipeline, executionId);
        }
    }

    /** A request with a tenant's API key: it sees its tenant's pipelines only. */
    record TenantKey(String tenant, String keyId, Role role, Set<String> pipelines) implements Caller {
        public TenantKey {
            pipelines = Set.copyOf(pipelines);
        }

        @Override
        public boolean sees(String pipeline) {
            return pipeline != null && pipelines.contains(pipeline);
        }

        @Override
        public boolean mayChange() {
            return role == Role.OPERATOR;
        }

        @Override
        public Owner owner(String pipeline, String executionId) {
            if (pipeline != null && !sees(pipeline)) {
                throw new IllegalArgumentException("tenant '" + tenant + "' has no pipeline '" + pipeline + "'");
            }
            return new Owner.Tenant(tenant, pipeline, executionId);
        }
    }
}
