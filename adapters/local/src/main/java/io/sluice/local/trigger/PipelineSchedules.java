package io.sluice.local.trigger;

import io.sluice.functions.trigger.schedule.ScheduleKey;
import io.sluice.functions.trigger.schedule.ScheduleRegistry;
import io.sluice.functions.trigger.schedule.ScheduleShape;
import io.sluice.functions.pipeline.PipelineOptions;
import io.sluice.local.pipeline.PipelineOptionsCatalog;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps the schedule index in step with the {@code schedule} options of the pipelines folder: every
 * declared schedule is registered (an unchanged one keeps its next fire time, a changed one starts
 * afresh), and one whose declaration disappeared, or whose options file has problems, is removed.
 * It syncs once when created and then every {@code rescanEvery}, so editing a pipeline's options needs
 * no restart.
 *
 * <p>{@code registered} remembers which schedule ids were put by the pipelines folder. The app keeps it
 * in Redis next to the index, so a declaration deleted while the runtime was down is removed at the
 * next start too; schedules that others put into the index are never touched.
 */
public final class PipelineSchedules implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(PipelineSchedules.class.getName());

    /** What one sync did. */
    public record Report(int declared, int registered, int removed) {}

    private final PipelineOptionsCatalog options;
    private final ScheduleRegistry registry;
    private final Set<String> registered;
    private final Clock clock;
    private final Map<String, String> synced = new HashMap<>();
    private final Map<String, PipelineOptions.Parsed> reported = new HashMap<>();
    private final Thread thread;
    private volatile boolean open = true;

    /** Syncs now; then, when {@code rescanEvery} is not {@code null}, every {@code rescanEvery} on a thread of its own until closed. */
    public PipelineSchedules(PipelineOptionsCatalog options, ScheduleRegistry registry, Set<String> registered, Clock clock,
                             Duration rescanEvery) {
        this.options = options;
        this.registry = registry;
        this.registered = registered;
        this.clock = clock;
        sync();
        this.thread = rescanEvery == null ? null : Thread.ofVirtual().name("pipeline-schedules").start(() -> rescan(rescanEvery));
    }

    private void rescan(Duration every) {
        while (open) {
            LockSupport.parkNanos(every.toNanos());
            if (!open) {
                return;
            }
            try {
                sync();
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "could not sync the pipelines' schedules; the next rescan retries", e);
            }
        }
    }

    /** Registers what is declared and removes what no longer is. */
    public synchronized Report sync() {
        Map<String, ScheduleShape> declared = declared();
        Instant now = clock.instant();
        int put = 0;
        for (Map.Entry<String, ScheduleShape> d : declared.entrySet()) {
            String encoded = d.getValue().encode();
            if (encoded.equals(synced.get(d.getKey()))) {
                continue;
            }
            Optional<Instant> next = registry.register(ScheduleKey.parse(d.getKey()), d.getValue(), now);
            registered.add(d.getKey());
            synced.put(d.getKey(), encoded);
            put++;
            LOG.info(next.map(n -> "schedule " + d.getKey() + " (" + encoded + ") fires next at " + n)
                    .orElse("schedule " + d.getKey() + " (" + encoded + ") never fires again; not registered"));
        }
        int removed = 0;
        for (String id : List.copyOf(registered)) {
            if (!declared.containsKey(id)) {
                registry.unregister(ScheduleKey.parse(id));
                registered.remove(id);
                synced.remove(id);
                removed++;
                LOG.info("schedule " + id + " is no longer declared; removed");
            }
        }
        return new Report(declared.size(), put, removed);
    }

    private Map<String, ScheduleShape> declared() {
        Map<String, ScheduleShape> out = new TreeMap<>();
        for (String id : options.ids()) {
            PipelineOptions.Parsed parsed = options.find(id);
            if (reported.put(id, parsed) != parsed && !parsed.problems().isEmpty()) {
                parsed.problems().forEach(p -> LOG.warning(p + (parsed.options() == null ? " (options not used: no schedule)" : "")));
            }
            if (parsed.options() != null) {
                for (PipelineOptions.Schedule s : parsed.options().schedules()) {
                    out.put(s.key(id).scheduleId(), s.shape());
                }
            }
        }
        reported.keySet().retainAll(options.ids());
        return out;
    }

    @Override
    public void close() {
        open = false;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }
}
