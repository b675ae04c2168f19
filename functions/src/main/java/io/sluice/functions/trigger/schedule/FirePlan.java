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
 * <p>A fire at most {@code grace} late is on time and always counts. Older ones were missed (nothing
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
        Instant after = retaken ? taken : taken.minusSeconds(1);
        List<Instant> fires = new ArrayList<>();
        if (retaken) {
            fires.add(taken);
        }
        int dropped = 0;
        if (after.isBefore(onTimeFrom)) {
            Missed missed = missed(e, after, onTimeFrom, catchUp.limit());
            fires.addAll(missed.kept());
            dropped = missed.dropped();
        }
        // On time: fires from onTimeFrom to now (those before onTimeFrom were counted as missed above).
        Instant cursor = after.isAfter(onTimeFrom.minusSeconds(1)) ? after : onTimeFrom.minusSeconds(1);
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
     * The last {@code keep} fires after {@code after} and before {@code onTimeFrom}. Looks back a window at
     * a time, widening it sixteenfold, until it has them (and has counted at least {@link #EXACT_COUNT}) or
     * reaches {@code after}: a schedule that missed a year of minutes costs a window's worth, not a year's.
     */
    private static Missed missed(ScheduleExpression e, Instant after, Instant onTimeFrom, int keep) {
        Duration lookback = Duration.ofHours(1);
        while (true) {
            Instant start = onTimeFrom.minus(lookback);
            boolean whole = !start.isAfter(after);
            Instant from = whole ? after : start;
            Deque<Instant> last = new ArrayDeque<>();
            int seen = 0;
            for (Optional<Instant> f = e.next(from); f.isPresent() && f.get().isBefore(onTimeFrom); f = e.next(f.get())) {
                seen++;
                if (keep > 0) {
                    if (last.size() == keep) {
                        last.removeFirst();
                    }
                    last.addLast(f.get());
                }
            }
            if (whole || (last.size() == keep && seen >= EXACT_COUNT)) {
                return new Missed(List.copyOf(last), seen - last.size());
            }
            lookback = lookback.multipliedBy(16);
        }
    }
}
