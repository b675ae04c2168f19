package io.sluice.functions.trigger;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.events.FinishedExecution;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a partition may be. A partition ends up in file names and object keys (the jobs write
 * {@code raw/orders/<partition>.parquet}), in SQL text and in execution names, so it is one file-name
 * segment and nothing more:
 *
 * <pre>
 * partition = date | date-hour | month | token
 * date      = yyyy-MM-dd                       2026-11-29
 * date-hour = yyyy-MM-ddTHH | yyyy-MM-dd-HH    2026-11-29T13, 2026-11-29-13
 * month     = yyyy-MM                          2026-11
 * token     = 1-64 of  A-Z a-z 0-9 _ - . =     eu_2026-11-29, dt=2026-11-29, v1.2
 *             not starting with '.', without ".."
 * </pre>
 *
 * Dates are tokens too; they are named because the triggers make them and {@code same-date} reads
 * them. Never {@code /}, {@code \}, {@code ..}, spaces, quotes or control characters, so no partition
 * can leave the folder it is put in, or the string literal.
 */
public final class Partitions {
    /** The longest partition: the same as a plain {@link PartitionNames execution name}, so a partition is its own name. */
    public static final int MAX_LENGTH = PartitionNames.MAX_PLAIN;
    /** The grammar in a few words, for error messages. */
    public static final String EXPECTED = "a date (2026-11-29), a date-hour (2026-11-29T13 or 2026-11-29-13), a month (2026-11) "
            + "or a token of 1-" + MAX_LENGTH + " letters, digits and _ - . = that does not start with '.' and has no '..'";
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_=-][A-Za-z0-9_.=-]{0," + (MAX_LENGTH - 1) + "}");

    private Partitions() {}

    /** Whether {@code partition} is one. */
    public static boolean isValid(String partition) {
        return partition != null && TOKEN.matcher(partition).matches() && !partition.contains("..");
    }

    /** Why {@code partition} is not one (a sentence ending in {@link #EXPECTED}), or empty when it is. */
    public static Optional<String> problem(String partition) {
        if (isValid(partition)) {
            return Optional.empty();
        }
        return Optional.of("the partition " + shown(partition) + " is not one: expected " + EXPECTED);
    }

    /**
     * Why the {@code partition} field of an execution input is not one, or empty when it is or the
     * input has none (absent or JSON null). The field is where the patterns and the completion events
     * read the partition, so a value there that is not a string is refused too.
     */
    public static Optional<String> problemInInput(JsonNode input) {
        JsonNode p = input == null || !input.isObject() ? null : input.get(FinishedExecution.PARTITION_FIELD);
        if (p == null || p.isNull()) {
            return Optional.empty();
        }
        if (!p.isTextual()) {
            return Optional.of("the input's partition is a JSON " + p.getNodeType().name().toLowerCase(java.util.Locale.ROOT)
                    + ", not a string: expected " + EXPECTED);
        }
        return problem(p.asText());
    }

    /** The value as a message may show it: quoted, cut, control characters escaped. */
    private static String shown(String value) {
        if (value == null) {
            return "null";
        }
        String cut = value.length() > MAX_LENGTH + 16 ? value.substring(0, MAX_LENGTH + 16) + "..." : value;
        StringBuilder out = new StringBuilder("'");
        cut.chars().forEach(c -> out.append(Character.isISOControl(c) ? String.format("\\u%04x", c) : String.valueOf((char) c)));
        return out.append('\'').toString();
    }
}
