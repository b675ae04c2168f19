package io.sluice.aws.scheduler;

import io.sluice.functions.trigger.schedule.ScheduleExpression;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * A Sluice schedule expression as EventBridge Scheduler writes it. {@code rate(...)} and EventBridge
 * {@code cron(...)} are Scheduler's own and pass as they are (after Sluice's parser accepted them). Five-field
 * cron and the {@code @daily} family are rewritten in EventBridge's six fields: the day of week becomes day names
 * ({@code 1-5} → {@code MON,TUE,WED,THU,FRI}, since the two dialects number days differently) and the unrestricted
 * day field becomes {@code ?}. A five-field expression restricting both the day of month and the day of week
 * (which fires when either matches) has no EventBridge form and is refused, as is anything Sluice cannot parse.
 */
final class SchedulerExpressions {
    private static final List<String> DAYS = List.of("SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT");
    private static final Map<String, String> MACROS = Map.of(
            "@hourly", "cron(0 * * * ? *)", "@daily", "cron(0 0 * * ? *)", "@midnight", "cron(0 0 * * ? *)",
            "@weekly", "cron(0 0 ? * SUN *)", "@monthly", "cron(0 0 1 * ? *)", "@yearly", "cron(0 0 1 1 ? *)",
            "@annually", "cron(0 0 1 1 ? *)");

    private SchedulerExpressions() {}

    /** Scheduler's form of {@code expression}; throws {@link IllegalArgumentException} saying why there is none. */
    static String toScheduler(String expression, String timezone) {
        ScheduleExpression parsed = ScheduleExpression.parse(expression, timezone); // throws naming the field at fault
        String text = parsed.text();
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.startsWith("rate(") || lower.startsWith("cron(")) {
            return text;
        }
        if (MACROS.containsKey(lower)) {
            return MACROS.get(lower);
        }
        String[] f = text.split(" ");
        if (f.length != 5) {
            throw new IllegalArgumentException("'" + expression + "' has no EventBridge Scheduler form");
        }
        boolean anyDay = f[2].equals("*");
        boolean anyWeekday = f[4].equals("*");
        if (!anyDay && !anyWeekday) {
            throw new IllegalArgumentException("'" + expression + "' fires when either its day of month or its day of week matches, "
                    + "which EventBridge Scheduler cannot express: write it as cron(...) with one of them '?', or as two schedules");
        }
        String dayOfMonth = anyDay && !anyWeekday ? "?" : f[2];
        String dayOfWeek = anyWeekday ? "?" : weekdays(f[4], expression);
        return "cron(" + f[0] + " " + f[1] + " " + dayOfMonth + " " + f[3] + " " + dayOfWeek + " *)";
    }

    /** A standard day-of-week field (0-7 or names, lists, ranges, steps) as EventBridge day names in week order. */
    private static String weekdays(String field, String expression) {
        TreeSet<Integer> days = new TreeSet<>();
        for (String part : field.split(",")) {
            String range = part;
            int step = 1;
            int slash = part.indexOf('/');
            if (slash >= 0) {
                range = part.substring(0, slash);
                step = Integer.parseInt(part.substring(slash + 1));
            }
            int from;
            int to;
            if (range.equals("*")) {
                from = 0;
                to = 6;
            } else if (range.contains("-")) {
                from = day(range.substring(0, range.indexOf('-')), expression);
                to = day(range.substring(range.indexOf('-') + 1), expression);
            } else {
                from = day(range, expression);
                to = slash >= 0 ? 7 : from;
            }
            for (int d = from; d <= to; d += step) {
                days.add(d % 7);
            }
        }
        return String.join(",", days.stream().map(DAYS::get).toList());
    }

    private static int day(String token, String expression) {
        int name = DAYS.indexOf(token.toUpperCase(Locale.ROOT));
        if (name >= 0) {
            return name;
        }
        try {
            int n = Integer.parseInt(token);
            if (n >= 0 && n <= 7) {
                return n;
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new IllegalArgumentException("'" + token + "' in '" + expression + "' is not a day of week");
    }
}
