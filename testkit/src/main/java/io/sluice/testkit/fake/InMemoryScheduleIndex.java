package io.sluice.testkit.fake;

import io.sluice.orchestration.port.ScheduleIndex;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Schedules in memory, for fast tests; it passes the same contract suite as the Redis index. */
public final class InMemoryScheduleIndex implements ScheduleIndex {
    /** {@code takenFire} is null unless a fire is taken; {@code visibleAt} is the next fire, or the lease end while taken. */
    private record Entry(String id, String shape, Instant visibleAt, Instant takenFire, long lease) {}

    private final Map<String, Entry> entries = new HashMap<>();
    private long leases;

    @Override
    public synchronized void putAll(List<Placement> placements) {
        for (Placement p : placements) {
            entries.put(p.scheduleId(), new Entry(p.scheduleId(), p.shape(), p.nextFire(), null, 0));
        }
    }

    @Override
    public synchronized boolean remove(String scheduleId) {
        return entries.remove(scheduleId) != null;
    }

    @Override
    public synchronized Optional<Placement> get(String scheduleId) {
        Entry e = entries.get(scheduleId);
        return e == null ? Optional.empty()
                : Optional.of(new Placement(e.id, e.shape, e.takenFire != null ? e.takenFire : e.visibleAt));
    }

    @Override
    public synchronized List<DueSchedule> takeDue(Instant now, int limit, Duration lease) {
        Instant dueBy = Instant.ofEpochSecond(now.getEpochSecond());
        Instant hiddenUntil = ceilSecond(now.plus(lease));
        List<Entry> due = entries.values().stream().filter(e -> !e.visibleAt.isAfter(dueBy))
                .sorted(Comparator.comparing(Entry::visibleAt).thenComparing(Entry::id)).limit(Math.max(0, limit)).toList();
        List<DueSchedule> out = new ArrayList<>();
        for (Entry e : due) {
            Instant fire = e.takenFire != null ? e.takenFire : e.visibleAt;
            long id = ++leases;
            entries.put(e.id, new Entry(e.id, e.shape, hiddenUntil, fire, id));
            out.add(new DueSchedule(e.id, e.shape, fire, e.takenFire != null, id));
        }
        return out;
    }

    @Override
    public synchronized List<Boolean> settle(List<Settlement> settlements) {
        List<Boolean> applied = new ArrayList<>();
        for (Settlement s : settlements) {
            Entry e = entries.get(s.due().scheduleId());
            boolean held = e != null && e.takenFire != null && e.lease == s.due().lease();
            if (held) {
                switch (s) {
                    case Settlement.Advance a when a.nextFire() == null -> entries.remove(e.id);
                    case Settlement.Advance a -> entries.put(e.id, new Entry(e.id, e.shape, a.nextFire(), null, 0));
                    case Settlement.Hold h -> entries.put(e.id, new Entry(e.id, e.shape, ceilSecond(h.until()), h.fireTime(), 0));
                }
            }
            applied.add(held);
        }
        return applied;
    }

    private static Instant ceilSecond(Instant t) {
        return t.getNano() == 0 ? t : Instant.ofEpochSecond(t.getEpochSecond() + 1);
    }
}
