package io.sluice.functions.hibernate;

import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.StoredExecution;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Deletes the sleep objects nothing will wake from: a process that died between writing an execution's object and
 * stubbing it, or between putting a woken execution back and deleting its object, leaves one behind. An object is kept
 * while its execution is a stub of the object's version (it sleeps in it); any other object older than {@code grace} is
 * deleted. Only a sleep in progress has an object its execution is not (yet) a stub of, and a sleep takes milliseconds:
 * the grace is there for it. A stub is never made again for a version it left, since a sleep follows a commit; so once
 * past the grace, an object that is not its execution's stub's is garbage.
 *
 * <p>Paced for an object store that charges by request: at most one page of keys every {@code every}, going round the
 * prefix with a cursor; a key it cannot read as a sleep object's is left alone.
 */
final class SleepSweep {
    private static final Pattern KEY = Pattern.compile(
            Pattern.quote(SleepingObjects.PREFIX) + "pipeline=([^/]+)/name=([^/]+)/v([0-9]{1,18})\\.jsonl\\.gz");

    /** What one pass did. */
    record Report(int looked, int deleted) {}

    private final ExecutionStore store;
    private final ObjectStore objects;
    private final Duration grace;
    private final Duration every;
    private final int page;
    private String after;
    private Instant next = Instant.MIN;

    SleepSweep(ExecutionStore store, ObjectStore objects, Duration grace, Duration every, int page) {
        this.store = store;
        this.objects = objects;
        this.grace = grace;
        this.every = every;
        this.page = page;
    }

    /** One page of the sleep objects, if its period has passed since the last ({@code null} if not). */
    synchronized Report sweep(Instant now) {
        if (now.isBefore(next)) {
            return null;
        }
        next = now.plus(every);
        List<ObjectStore.ObjectInfo> keys = objects.list(SleepingObjects.PREFIX, after, page);
        after = keys.size() < page ? null : keys.getLast().key();
        int deleted = 0;
        for (ObjectStore.ObjectInfo o : keys) {
            if (orphan(o, now) && objects.delete(o.key())) {
                deleted++;
            }
        }
        return new Report(keys.size(), deleted);
    }

    private boolean orphan(ObjectStore.ObjectInfo o, Instant now) {
        Matcher m = KEY.matcher(o.key());
        if (!m.matches() || o.lastModified() == null || o.lastModified().isAfter(now.minus(grace))) {
            return false;
        }
        long version = Long.parseLong(m.group(3));
        Optional<StoredExecution> e = store.load(Tenancy.executionId(m.group(1), m.group(2)));
        return e.isEmpty() || !e.get().stub() || e.get().version() != version;
    }
}
