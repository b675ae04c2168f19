package io.sluice.functions.hibernate;

import io.sluice.functions.retention.ArchivedExecution;
import io.sluice.functions.retention.ExecutionArchive;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.ObjectStore;
import java.util.Optional;

/**
 * Where sleeping executions lie in the object store: one object per execution and version,
 * {@code hibernated/executions/pipeline=<pipeline>/name=<name>/v<version>.jsonl.gz}, in the archive's codec. The
 * version in the key means a waker deletes only the object it woke from, never a newer sleep's; the {@code name=}
 * segment means no execution name can make a segment {@code .} or {@code ..}.
 */
final class SleepingObjects {
    static final String PREFIX = "hibernated/executions/";

    private final ObjectStore objects;

    SleepingObjects(ObjectStore objects) {
        this.objects = objects;
    }

    static String folder(String pipeline, String name) {
        return PREFIX + "pipeline=" + pipeline + "/name=" + name + "/";
    }

    static String key(ExecutionSummary s, long version) {
        return folder(s.pipeline(), s.name()) + "v" + version + ".jsonl.gz";
    }

    void put(ArchivedExecution execution) {
        objects.put(key(execution.summary(), execution.version()), ExecutionArchive.encode(execution));
    }

    Optional<ArchivedExecution> get(ExecutionSummary summary, long version) {
        return objects.get(key(summary, version)).map(ExecutionArchive::decode);
    }

    void delete(ExecutionSummary summary, long version) {
        objects.delete(key(summary, version));
    }
}
