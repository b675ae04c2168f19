package io.sluice.orchestration.port;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Timers too long for a queue delay. Scheduling is idempotent by id. {@link #takeDue} leases the
 * due timers it returns: a taker that dies before {@link #acknowledge} lets them come due again
 * after the lease, so no timer is lost (a duplicate fire is harmless: the engine drops stale timers).
 */
public interface TimerIndex {

    void schedule(String timerId, Instant due, String payload);

    void cancel(String timerId);

    /** At most {@code limit} timers due at {@code now}, each hidden from other takers for {@code lease}. */
    List<DueTimer> takeDue(Instant now, int limit, Duration lease);

    /** Removes a fired timer for good. */
    void acknowledge(String timerId);

    record DueTimer(String timerId, Instant due, String payload) {}
}
