package io.sluice.functions.trigger.schedule;

import java.util.Locale;

/** What a fire does while the previous scheduled run of the same schedule is still RUNNING. */
public enum OverlapPolicy {
    /** Do not start; the fire is dropped. */
    SKIP,
    /** Wait: start the fire once the previous run has finished (later fires meanwhile follow the catch-up policy). */
    QUEUE,
    /** Start regardless: runs may overlap. */
    ALLOW;

    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static OverlapPolicy of(String code) {
        for (OverlapPolicy p : values()) {
            if (p.code().equalsIgnoreCase(code.strip())) {
                return p;
            }
        }
        throw new ScheduleSyntaxException(code, "overlap", "is not an overlap policy: expected skip, queue or allow");
    }
}
