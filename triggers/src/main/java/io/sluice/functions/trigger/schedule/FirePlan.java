package io.sluice.functions.trigger.schedule;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * Which fires a taken schedule makes, before overlap is considered: a pure function of the expression,
 * the fire time taken, {@code now}, the grace period and the catch-up policy.
 *
 * <p>The fire taken is a fire whatever the expression says (the index is the authority on it). A fire
 * at most {@code grace} late is on time and always counts. Older ones were missed (nothing
 * ticked): {@link CatchUpPolicy} keeps none, the latest, or the last N of them. A retaken fire (held, or
 * its taker died) was accepted already and always counts, however late.
 *
 * @param fires   the fires to start, oldest first (all at or before now)
 * @param dropped missed fires not kept (exact up to about 1000; past that a lower bound, since only a window is counted)
 * @param next    the first fire after now; empty when the expression never fires again
 */
record FirePlan(List<Instant> fires, int dropped, Optional<Instant> next) {
    private static final int MAX_ON_TIME = 10_000;
    /** Missed fires are counted exactly up to about this many; past it the count is a lower bound. */
    private static final int EXACT_COUNT = 1000;

    static FirePlan of(ScheduleExpression expression, Instant taken, boolean retaken, Instant now, Duration grace, CatchUpPolicy catchUp) {
        ScheduleExpression e = expression.anchoredAt(taken);
        Instant onTimeFrom = now.minus(grace);
        boolean takenMissed = !retaken && taken.isBefore(onTimeFrom);
        List<Instant> fires = new ArrayList<>();
        if (!takenMissed) {
            fires.add(taken); // retaken, or on time
        }
        int dropped = 0;
        if (taken.isBefore(onTimeFrom)) {
            Missed missed = missed(e, taken, takenMissed, onTimeFrom, catchUp.limit());
            fires.addAll(missed.kept());
            dropped = missed.dropped();
        }
        // On time: fires from onTimeFrom to now (those before onTimeFrom were counted as missed above).
        Instant cursor = taken.isAfter(onTimeFrom.minusSeconds(1)) ? taken : onTimeFrom.minusSeconds(1);
        Optional<Instant> f = e.next(cursor);
        while (f.isPresent() && !f.get().isAfter(now) && fires.size() < MAX_ON_TIME) {
            if (!f.get().isBefore(onTimeFrom)) {
                fires.add(f.get());
            }
            f = e.next(f.get());
        }
        Optional<Instant> next = f.isPresent() && f.get().isAfter(now) ? f : e.next(now);
        return new FirePlan(List.copyOf(fires), dropped, next);
    }

    private record Missed(List<Instant> kept, int dropped) {}

    /**
     * The last {@code keep} fires from {@code taken} (when it was missed itself) or after it, and before {@code onTimeFrom}. Looks back a window at
     * a time, widening it sixteenfold, until it has them (and has counted at least {@link #EXACT_COUNT}) or
     * reaches {@code taken}: a schedule that missed a year of minutes costs a window's worth, not a year's.
     */
    private static Missed missed(ScheduleExpression e, Instant taken, boolean takenMissed, Instant onTimeFrom, int keep) {
        Duration lookback = Duration.ofHours(1);
        while (true) {
            Instant start = onTimeFrom.minus(lookback);
            boolean whole = !start.isAfter(taken);
            Deque<Instant> last = new ArrayDeque<>();
            int seen = 0;
            if (whole && takenMissed) {
                seen += keep(last, taken, keep);
            }
            for (Optional<Instant> f = e.next(whole ? taken : start); f.isPresent() && f.get().isBefore(onTimeFrom); f = e.next(f.get())) {
                seen += keep(last, f.get(), keep);
            }
            if (whole || (last.size() == keep && seen >= EXACT_COUNT)) {
                return new Missed(List.copyOf(last), seen - last.size());
            }
            lookback = lookback.multipliedBy(16);
        }
    }

    /** Adds {@code fire} to the last {@code keep} fires; returns 1 (one fire seen). */
    private static int keep(Deque<Instant> last, Instant fire, int keep) {
        if (keep > 0) {
            if (last.size() == keep) {
                last.removeFirst();
            }
            last.addLast(fire);
        }
        return 1;
    }
}
