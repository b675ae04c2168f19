package io.sluice.functions.trigger.upstream;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How an upstream's partition maps to the dependent pipeline's own. {@link #IDENTITY} (the default):
 * the same partition. {@link #SAME_DATE}: the calendar date the upstream partition starts with, so an
 * upstream partitioned by hour ({@code 2026-11-29T03}) or by region ({@code 2026-11-29_eu}) counts for
 * the dependent's day {@code 2026-11-29} — any one such upstream partition that succeeds marks the
 * upstream done for that day.
 */
public enum PartitionMapping {
    IDENTITY("identity"),
    SAME_DATE("same-date");

    private static final Pattern LEADING_DATE = Pattern.compile("^(\\d{4}-\\d{2}-\\d{2})(?:$|[^0-9])");

    private final String label;

    PartitionMapping(String label) {
        this.label = label;
    }

    /** The name used in configuration files. */
    public String label() {
        return label;
    }

    /** The mapping called {@code label}, or empty. */
    public static Optional<PartitionMapping> byLabel(String label) {
        return Arrays.stream(values()).filter(m -> m.label.equals(label)).findFirst();
    }

    /** The dependent's partition for {@code upstreamPartition}; empty when this mapping does not apply to it. */
    public Optional<String> dependentPartition(String upstreamPartition) {
        if (this == IDENTITY) {
            return Optional.of(upstreamPartition);
        }
        Matcher m = LEADING_DATE.matcher(upstreamPartition);
        if (!m.find()) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDate.parse(m.group(1)).toString());
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
