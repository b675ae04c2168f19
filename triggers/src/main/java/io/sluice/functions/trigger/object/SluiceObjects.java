package io.sluice.functions.trigger.object;

import io.sluice.functions.hibernate.HibernatingStore;
import io.sluice.functions.retention.ExecutionArchive;
import java.util.List;
import java.util.Optional;

/**
 * The objects Sluice writes into the data store for itself, by key prefix: finished executions' archive, sleeping
 * executions (issue 37) and executions' history payloads. Their ObjectCreated / BlobCreated notifications reach the
 * object trigger as a pipeline's objects do, so a rule whose prefix covers them (an empty prefix, {@code h}, ...) would
 * start a pipeline each time an execution sleeps; {@link ObjectTrigger} ignores them before any rule is asked. This is the
 * one list of them (the Azure module's Event Grid filter leaves out the same prefixes). They lie at the data store's root,
 * as every host writes them when its store has no key prefix of its own (the Terraform modules set none).
 */
public final class SluiceObjects {
    /** Every prefix of Sluice's own objects: the archive, sleeping executions, history payloads too large for Redis. */
    public static final List<String> PREFIXES = List.of(ExecutionArchive.PREFIX, HibernatingStore.PREFIX,
            io.sluice.orchestration.port.HistoryObjects.PREFIX);

    private SluiceObjects() {}

    /** The prefix of Sluice's own objects {@code key} is under, if it is one of them. */
    public static Optional<String> prefixOf(String key) {
        return PREFIXES.stream().filter(key::startsWith).findFirst();
    }
}
