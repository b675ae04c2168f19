package io.sluice.testkit.fake;

import io.sluice.orchestration.port.TimerIndex;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Timers in memory, for fast tests; it passes the same contract suite as the real ones. */
public final class InMemoryTimerIndex implements TimerIndex {
    private record Timer(String id, Instant due, Instant visibleAt, String payload) {}

    private final Map<String, Timer> timers = new HashMap<>();

    @Override
    public synchronized void schedule(String timerId, Instant due, String payload) {
        timers.put(timerId, new Timer(timerId, due, due, payload));
    }

    /** When {@code timerId} is due, if it is scheduled: for a test that watches a timer being moved. */
    public synchronized Optional<Instant> due(String timerId) {
        return Optional.ofNullable(timers.get(timerId)).map(Timer::due);
    }

    @Override
    public synchronized void cancel(String timerId) {
        timers.remove(timerId);
    }

    @Override
    public synchronized List<DueTimer> takeDue(Instant now, int limit, Duration lease) {
        List<Timer> due = timers.values().stream().filter(t -> !t.visibleAt.isAfter(now))
                .sorted(Comparator.comparing(Timer::visibleAt).thenComparing(Timer::id)).limit(limit).toList();
        List<DueTimer> out = new ArrayList<>();
        for (Timer t : due) {
            timers.put(t.id, new Timer(t.id, t.due, now.plus(lease), t.payload));
            out.add(new DueTimer(t.id, t.due, t.payload));
        }
        return out;
    }

    @Override
    public synchronized void acknowledge(String timerId) {
        timers.remove(timerId);
    }
}
