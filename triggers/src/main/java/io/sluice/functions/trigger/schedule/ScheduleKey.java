package io.sluice.functions.trigger.schedule;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.regex.Pattern;

/**
 * Which pipeline a schedule starts, and the schedule id the index knows it by: the pipeline id, or
 * {@code pipeline/label} for a pipeline with more than one schedule. Execution names are derived from
 * the scheduled time ({@code sched-20261129T0300Z}, or {@code sched-<label>-...}), so firing the same
 * time twice starts one execution.
 */
public record ScheduleKey(String pipeline, String label) {
    private static final Pattern PIPELINE = Pattern.compile("[A-Za-z0-9_.:@-]{1,80}");
    private static final Pattern LABEL = Pattern.compile("[A-Za-z][A-Za-z0-9_-]{0,23}");
    private static final DateTimeFormatter MINUTE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmm'Z'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter SECOND = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    public ScheduleKey {
        if (pipeline == null || !PIPELINE.matcher(pipeline).matches()) {
            throw new IllegalArgumentException("A pipeline id is 1-80 letters, digits and _ . : @ -, not '" + pipeline + "'");
        }
        if (label != null && !LABEL.matcher(label).matches()) {
            throw new IllegalArgumentException("A schedule label is a letter then up to 23 letters, digits, _ and -, not '" + label + "'");
        }
    }

    public static ScheduleKey of(String pipeline) {
        return new ScheduleKey(pipeline, null);
    }

    public static ScheduleKey parse(String scheduleId) {
        int slash = scheduleId.indexOf('/');
        return slash < 0 ? of(scheduleId) : new ScheduleKey(scheduleId.substring(0, slash), scheduleId.substring(slash + 1));
    }

    public String scheduleId() {
        return label == null ? pipeline : pipeline + "/" + label;
    }

    /** The prefix of every execution name this schedule gives. */
    public String namePrefix() {
        return label == null ? "sched-" : "sched-" + label + "-";
    }

    /**
     * Whether {@code executionName} is one this schedule gives: its prefix followed by a digit (the
     * scheduled time). Labels start with a letter, so {@code sched-} does not claim {@code sched-eod-...}.
     */
    public static boolean namedWith(String namePrefix, String executionName) {
        return executionName.startsWith(namePrefix) && executionName.length() > namePrefix.length()
                && Character.isDigit(executionName.charAt(namePrefix.length()));
    }

    /** {@code sched-20261129T0300Z}; seconds appear only when the time has some. */
    public String executionName(Instant scheduledTime) {
        return namePrefix() + (scheduledTime.getEpochSecond() % 60 == 0 ? MINUTE : SECOND).format(scheduledTime);
    }
}
