package io.sluice.functions.alert;

import io.sluice.functions.priority.Priority;

/**
 * How an alert of each priority is delivered: P0 pages at once, P1 alerts and waits for an
 * acknowledgement (re-alerting, escalated to the pager, when none comes in time), P2 and P3 wait
 * for the next digest.
 */
public enum AlertTier {
    PAGE, ACKNOWLEDGE, DIGEST;

    public static AlertTier of(Priority priority) {
        return switch (priority) {
            case P0 -> PAGE;
            case P1 -> ACKNOWLEDGE;
            case P2, P3 -> DIGEST;
        };
    }
}
