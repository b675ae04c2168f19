package io.sluice.functions.tenancy;

import java.util.Optional;

/**
 * Who a run belongs to. The host fixes it — from the execution the runtime dispatched the task for, or from the
 * authenticated caller of an in-process run (TestState, StartSyncExecution) — and it travels with the task in its
 * {@link io.sluice.functions.harness.TaskContext}; it is never read from a payload or a name the payload chose.
 * Everything a function reaches (secrets, objects, buckets, tables, topics, child starts, configs) is resolved
 * inside its owner's namespace, and a run of {@link Nobody} reaches nothing.
 */
public sealed interface Owner {

    /** The error of a run that may touch no data. */
    String NO_OWNER = "Sluice.NoOwner";
    /** The error of a run that acts for a pipeline but has none (a TestState of a tenant). */
    String NO_PIPELINE = "Sluice.NoPipeline";

    /** The tenant whose namespace this run lives in; empty for the platform's own runs (and for nobody). */
    Optional<String> tenant();

    /** The pipeline the run acts for, or {@code null}: a run of no pipeline (TestState), or nobody. */
    String pipeline();

    /** The execution the run is part of, or {@code null}. */
    String executionId();

    /**
     * A tenant's run: every name it uses resolves in the tenant's namespace.
     *
     * @param pipeline the tenant's pipeline, or {@code null} for a run of none (a TestState by the tenant's key)
     */
    record Tenant(String name, String pipeline, String executionId) implements Owner {
        public Tenant {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("a tenant's run needs the tenant's name");
            }
        }

        @Override
        public Optional<String> tenant() {
            return Optional.of(name);
        }
    }

    /**
     * The deployment's own run: a deployment with no tenants (the local mode, where the one operator holds
     * everything), or a pipeline that no tenant owns, which only the platform's own files (triggers, schedules)
     * start. Names resolve as written.
     */
    record Platform(String pipeline, String executionId) implements Owner {
        @Override
        public Optional<String> tenant() {
            return Optional.empty();
        }
    }

    /** No one: a run whose owner the host could not fix. It fails closed: it reads, writes, resolves and contacts nothing. */
    record Nobody(String why) implements Owner {
        @Override
        public Optional<String> tenant() {
            return Optional.empty();
        }

        @Override
        public String pipeline() {
            return null;
        }

        @Override
        public String executionId() {
            return null;
        }
    }

    /**
     * This owner, when it may touch data; else {@value #NO_OWNER}, naming {@code what} was refused.
     *
     * @param what what the function was about to do, as a phrase: "read secret 'partner-token'"
     */
    default Owner requireData(String what) {
        if (this instanceof Nobody nobody) {
            throw new OwnerRefused(NO_OWNER, "Refused to " + what + ": this run has no owner (" + nobody.why() + "), and a run without"
                    + " an owner touches no data. Run it in an execution of a pipeline, or through an API call made with a key.");
        }
        return this;
    }

    /**
     * The pipeline the run acts for; {@value #NO_PIPELINE} for a tenant's run of none, {@value #NO_OWNER} for nobody.
     * The platform's run of no pipeline (the local function emulator, trusted with its input) gets {@code null}.
     */
    default String requirePipeline(String function) {
        requireData(function + " on behalf of a pipeline");
        if (this instanceof Tenant t && t.pipeline() == null) {
            throw new OwnerRefused(NO_PIPELINE, function + " acts for a pipeline, and this run of tenant '" + t.name() + "' has none"
                    + " (a TestState runs no pipeline): run it in an execution of one of the tenant's pipelines.");
        }
        return pipeline();
    }

    /** The platform's own run: no tenant, and not nobody. */
    default boolean isPlatform() {
        return this instanceof Platform;
    }
}
