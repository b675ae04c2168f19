package io.sluice.functions.control.recover;

import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/** The partitions of a block or backfill: every date from {@code from} to {@code to}, both included, at most {@link #MAX_DAYS}. */
public final class PartitionRange {
    public static final int MAX_DAYS = 31;

    private PartitionRange() {}

    public static List<String> dates(String from, String to) {
        LocalDate f = date("from", from);
        LocalDate t = date("to", to);
        if (f.isAfter(t)) {
            throw new InvalidRecovery("to", "a date on or after from (" + from + ")", to);
        }
        long days = ChronoUnit.DAYS.between(f, t) + 1;
        if (days > MAX_DAYS) {
            throw new InvalidRecovery("to", "at most " + MAX_DAYS + " days from " + from + " (this range has " + days
                    + "); split a longer recovery into several", to);
        }
        List<String> out = new ArrayList<>();
        for (LocalDate d = f; !d.isAfter(t); d = d.plusDays(1)) {
            out.add(d.toString());
        }
        return out;
    }

    private static LocalDate date(String field, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidRecovery(field, "a date as YYYY-MM-DD", null);
        }
        try {
            if (!text.matches("\\d{4}-\\d{2}-\\d{2}")) {
                throw new DateTimeParseException("not YYYY-MM-DD", text, 0);
            }
            return LocalDate.parse(text);
        } catch (DateTimeParseException e) {
            throw new InvalidRecovery(field, "a date as YYYY-MM-DD", text);
        }
    }
}
