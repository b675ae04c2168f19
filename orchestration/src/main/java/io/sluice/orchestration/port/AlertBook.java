package io.sluice.orchestration.port;

import java.time.Instant;
import java.util.List;

/**
 * What tiered alerting keeps between ticks, shared by every process: the alerts that wait for an
 * acknowledgement (each with a deadline) and the alerts waiting for the next digest. Time is passed in.
 */
public interface AlertBook {

    /** Records {@code incidentKey} as waiting for an acknowledgement until {@code deadline}; a second call for the same key changes nothing. */
    void awaitAck(String incidentKey, String alert, Instant deadline);

    /** Acknowledges {@code incidentKey}: no more re-alerts. Returns whether it was waiting. */
    boolean acknowledge(String incidentKey);

    /** Up to {@code max} waiting alerts whose deadline is at or before {@code now}, earliest first. */
    List<Pending> overdue(Instant now, int max);

    /**
     * Moves a waiting alert's deadline to {@code next} after its {@code escalations}-th re-alert, if it still
     * waits with deadline {@code was} (so two processes never re-alert the same deadline twice). Returns whether it moved.
     */
    boolean escalated(String incidentKey, Instant was, Instant next, int escalations);

    /** Ends the wait for {@code incidentKey} without an acknowledgement (escalations used up). */
    void giveUp(String incidentKey);

    /** Adds an alert to the next digest. */
    void addToDigest(String alert);

    /** Takes (removes) up to {@code max} alerts of the digest, oldest first. */
    List<String> takeDigest(int max);

    /** A waiting alert: the alert as the caller stored it, its deadline, and how many re-alerts it had. */
    record Pending(String incidentKey, String alert, Instant deadline, int escalations) {}
}
