package io.sluice.functions.trigger.schedule;

import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.orchestration.port.ScheduleIndex.Placement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Puts pipelines' schedules into the {@link ScheduleIndex} at their first fire time. Registering an
 * unchanged schedule again (every deploy does) keeps its next fire time; a changed one starts afresh.
 */
public final class ScheduleRegistry {
    private final ScheduleIndex index;

    public ScheduleRegistry(ScheduleIndex index) {
        this.index = index;
    }

    /** A schedule to register. */
    public record Registration(ScheduleKey key, ScheduleShape shape) {}

    /**
     * Registers one schedule; returns its next fire time, or empty when the expression never fires after
     * {@code now} (then the schedule is removed).
     */
    public Optional<Instant> register(ScheduleKey key, ScheduleShape shape, Instant now) {
        String encoded = shape.encode();
        Optional<Placement> existing = index.get(key.scheduleId());
        if (existing.isPresent() && existing.get().shape().equals(encoded)) {
            return Optional.of(existing.get().nextFire());
        }
        Optional<Instant> first = ScheduleFirer.firstFire(shape.expression(), now);
        if (first.isEmpty()) {
            index.remove(key.scheduleId());
            return Optional.empty();
        }
        index.put(key.scheduleId(), encoded, first.get());
        return first;
    }

    /**
     * Registers many schedules in bulk, replacing any with the same ids (their next fire starts afresh).
     * Throws, registering none, if an expression never fires after {@code now}.
     */
    public void registerAll(List<Registration> registrations, Instant now) {
        List<Placement> placements = new ArrayList<>(registrations.size());
        for (Registration r : registrations) {
            Instant first = ScheduleFirer.firstFire(r.shape().expression(), now).orElseThrow(() -> new IllegalArgumentException(
                    "Schedule " + r.key().scheduleId() + " (" + r.shape().encode() + ") never fires after " + now));
            placements.add(new Placement(r.key().scheduleId(), r.shape().encode(), first));
        }
        index.putAll(placements);
    }

    public boolean unregister(ScheduleKey key) {
        return index.remove(key.scheduleId());
    }
}
