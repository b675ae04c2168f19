package io.sluice.orchestration.port;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Recurring schedules by their next fire time, for the hosts that have no cloud scheduler of their
 * own (the local runtime, Azure). A schedule is an id, an opaque <em>shape</em> (its expression,
 * time zone and policies: many schedules share one) and the time it fires next. Fire times are
 * whole seconds.
 *
 * <p>{@link #takeDue} leases what it returns: a taken schedule is hidden until it is settled
 * ({@link Settlement.Advance} to its next fire time, or {@link Settlement.Hold} to try the same fire
 * again later) or until the lease runs out, when it comes due again <em>with the same fire time</em>
 * and {@link DueSchedule#retaken()} set. A taker that dies therefore neither loses a fire nor makes
 * a second one: the next taker fires the same scheduled time, and starting an execution is
 * idempotent by a name derived from it. Each due fire is handed to one taker at a time.
 *
 * <p>Cost: taking and settling grow with the schedules due, not with the schedules stored.
 */
public interface ScheduleIndex {

    /** Adds schedules or replaces them by id (shape and next fire). A fire of theirs that was taken and not yet settled is forgotten. */
    void putAll(List<Placement> placements);

    default void put(String scheduleId, String shape, Instant nextFire) {
        putAll(List.of(new Placement(scheduleId, shape, nextFire)));
    }

    /** Removes a schedule; returns whether it existed. */
    boolean remove(String scheduleId);

    /** The schedule's shape and next fire time (while taken: the fire being handled). */
    Optional<Placement> get(String scheduleId);

    /** At most {@code limit} schedules whose fire time is at or before {@code now}, earliest first, each leased for {@code lease}. */
    List<DueSchedule> takeDue(Instant now, int limit, Duration lease);

    /**
     * Settles taken fires. Returns, for each settlement in order, whether it applied: it does not
     * when the lease was lost meanwhile (the schedule was taken again after its lease ran out, put
     * again, or removed), and then it changes nothing.
     */
    List<Boolean> settle(List<Settlement> settlements);

    /** A schedule and when it fires next. */
    record Placement(String scheduleId, String shape, Instant nextFire) {
        public Placement {
            Objects.requireNonNull(scheduleId, "scheduleId");
            Objects.requireNonNull(shape, "shape");
            Objects.requireNonNull(nextFire, "nextFire");
            if (scheduleId.isEmpty()) {
                throw new IllegalArgumentException("A schedule id must not be empty");
            }
            if (nextFire.getNano() != 0) {
                throw new IllegalArgumentException("Schedule fire times are whole seconds, not " + nextFire + " (schedule " + scheduleId + ")");
            }
        }
    }

    /**
     * A taken fire.
     *
     * @param fireTime the scheduled time being fired (not when it was taken)
     * @param retaken  this fire was taken before and not settled: it was held, or its taker died
     * @param lease    identifies this take; settling checks it
     */
    record DueSchedule(String scheduleId, String shape, Instant fireTime, boolean retaken, long lease) {}

    /** How a taken fire ends. */
    sealed interface Settlement {
        DueSchedule due();

        /** The fire is done: the schedule fires next at {@code nextFire}, or is removed when that is {@code null} (no fire left). */
        record Advance(DueSchedule due, Instant nextFire) implements Settlement {
            public Advance {
                Objects.requireNonNull(due, "due");
                if (nextFire != null && nextFire.getNano() != 0) {
                    throw new IllegalArgumentException("Schedule fire times are whole seconds, not " + nextFire);
                }
            }
        }

        /** Not now: the schedule comes due again at {@code until} with fire time {@code fireTime}, marked as retaken. */
        record Hold(DueSchedule due, Instant fireTime, Instant until) implements Settlement {
            public Hold {
                Objects.requireNonNull(due, "due");
                Objects.requireNonNull(fireTime, "fireTime");
                Objects.requireNonNull(until, "until");
                if (fireTime.getNano() != 0) {
                    throw new IllegalArgumentException("Schedule fire times are whole seconds, not " + fireTime);
                }
            }
        }
    }
}
