package io.sluice.functions.trigger.schedule;

import java.util.List;
import java.util.Locale;

/**
 * One field of a cron expression: its name, range, value names and special characters, and the check
 * that rejects a bad value with a sentence saying what the field expects. The check runs before
 * cron-utils sees the expression, so that every error names its field.
 *
 * @param names    value names in order from {@code min} (e.g. JAN..DEC), or empty
 * @param specials the special characters the field allows beyond {@code * , - /}: any of {@code ? L W #}
 */
record CronField(String name, int min, int max, List<String> names, String specials) {
    static final List<String> MONTHS = List.of("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC");
    static final List<String> DAYS_FROM_SUNDAY_1 = List.of("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT");
    static final List<String> DAYS_FROM_SUNDAY_0 = List.of("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN");

    boolean allows(char special) {
        return specials.indexOf(special) >= 0;
    }

    /** Throws unless {@code text} is a valid value of this field. */
    void check(String expression, String text) {
        if (text.isEmpty()) {
            throw problem(expression, "is missing: expected " + expected());
        }
        for (String item : text.split(",", -1)) {
            if (!validItem(item.toUpperCase(Locale.ROOT))) {
                throw problem(expression, "has '" + item + "'" + (item.equals(text) ? "" : " in '" + text + "'") + ": expected " + expected());
            }
        }
    }

    private ScheduleSyntaxException problem(String expression, String problem) {
        return new ScheduleSyntaxException(expression, name, problem);
    }

    private boolean validItem(String item) {
        if (item.equals("?")) {
            return allows('?');
        }
        if (allows('W') && (item.equals("L") || item.equals("LW"))) {
            return true;
        }
        if (allows('W') && item.endsWith("W")) {
            return isValue(item.substring(0, item.length() - 1));
        }
        if (allows('#') && item.equals("L")) {
            return true;
        }
        if (allows('#') && item.endsWith("L")) {
            return isValue(item.substring(0, item.length() - 1));
        }
        if (allows('#') && item.contains("#")) {
            String[] parts = item.split("#", -1);
            return parts.length == 2 && isValue(parts[0]) && parts[1].matches("[1-5]");
        }
        String[] step = item.split("/", -1);
        if (step.length > 2 || (step.length == 2 && !isStep(step[1]))) {
            return false;
        }
        return step[0].equals("*") || isValue(step[0]) || isRange(step[0]);
    }

    private boolean isRange(String text) {
        String[] ends = text.split("-", -1);
        return ends.length == 2 && isValue(ends[0]) && isValue(ends[1]) && value(ends[0]) <= value(ends[1]);
    }

    private boolean isStep(String text) {
        return text.matches("\\d{1,4}") && Integer.parseInt(text) >= 1 && Integer.parseInt(text) <= max;
    }

    private boolean isValue(String text) {
        return value(text) >= min;
    }

    /** The value of a number or a name, or {@code min - 1} when it is neither. */
    private int value(String text) {
        if (text.matches("\\d{1,4}")) {
            int v = Integer.parseInt(text);
            return v <= max ? v : min - 1;
        }
        int index = names.indexOf(text);
        return index < 0 ? min - 1 : min + index;
    }

    /** What the field accepts, as a phrase. */
    String expected() {
        StringBuilder s = new StringBuilder("a value ").append(min).append('-').append(max);
        if (!names.isEmpty()) {
            List<String> distinct = names.stream().distinct().toList();
            s.append(" or ").append(distinct.getFirst()).append('-').append(distinct.getLast());
        }
        s.append(", a range a-b, *, a step */n or a-b/n, or a list of these separated by commas");
        if (allows('?')) {
            s.append("; or ? (any: one of day-of-month and day-of-week must be ?)");
        }
        if (allows('W')) {
            s.append("; or L (last day), LW (last weekday), nW (the weekday nearest day n)");
        }
        if (allows('#')) {
            s.append("; or L (Saturday), nL (the last day n of the month), n#k (the k-th day n of the month, k 1-5)");
        }
        return s.toString();
    }
}
