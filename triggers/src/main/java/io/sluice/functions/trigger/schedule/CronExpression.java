package io.sluice.functions.trigger.schedule;

import com.cronutils.model.Cron;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A cron expression read as wall-clock times in a zone. cron-utils finds the next matching wall-clock
 * time (evaluated in UTC, where no clock changes); this class maps wall-clock times to instants, and
 * decides what daylight-saving changes do:
 * <ul>
 *   <li><b>Spring forward</b> (a wall-clock time that does not exist that day, e.g. 02:30 in Europe/Berlin
 *       on the last Sunday of March): the fire happens once, moved forward by the length of the gap
 *       (02:30 → 03:30 CEST), as {@code java.time} resolves it. A daily job is not skipped.</li>
 *   <li><b>Fall back</b> (a wall-clock time that happens twice): the fire happens once, at the first
 *       occurrence, unless the hours field is {@code *}: then the expression fires every hour and
 *       fires in the repeated hour too (as Vixie cron keeps wildcard jobs running).</li>
 * </ul>
 */
public final class CronExpression implements ScheduleExpression {
    private static final Map<String, String> NICKNAMES = Map.of("@yearly", "0 0 1 1 *", "@annually", "0 0 1 1 *",
            "@monthly", "0 0 1 * *", "@weekly", "0 0 * * 0", "@daily", "0 0 * * *", "@midnight", "0 0 * * *", "@hourly", "0 * * * *");
    /** Longer than any daylight-saving shift: wall-clock times further apart than this map to instants in the same order. */
    private static final Duration MARGIN = Duration.ofHours(3);
    private static final Map<CronDialect, CronParser> PARSERS = new ConcurrentHashMap<>();

    private final String text;
    private final ZoneId zone;
    private final ExecutionTime executionTime;
    private final boolean everyHour;

    private CronExpression(String text, ZoneId zone, ExecutionTime executionTime, boolean everyHour) {
        this.text = text;
        this.zone = zone;
        this.executionTime = executionTime;
        this.everyHour = everyHour;
    }

    static CronExpression parse(String text, CronDialect dialect, ZoneId zone) {
        String body = dialect == CronDialect.EVENTBRIDGE ? eventBridgeBody(text) : NICKNAMES.getOrDefault(text.toLowerCase(Locale.ROOT), text);
        if (body.startsWith("@")) {
            throw new ScheduleSyntaxException(text, null, "is not a cron nickname: expected one of @hourly, @daily, @midnight, @weekly, @monthly, @yearly, @annually");
        }
        List<String> fields = List.of(body.split(" "));
        List<CronField> layout = dialect.fields();
        if (fields.size() != layout.size()) {
            throw new ScheduleSyntaxException(text, null, "has " + fields.size() + " fields: expected " + layout.size() + " (" + dialect.layout() + ")"
                    + (dialect == CronDialect.STANDARD && fields.size() == 6 ? "; six fields are EventBridge syntax, written cron(...)" : ""));
        }
        for (int i = 0; i < layout.size(); i++) {
            layout.get(i).check(text, fields.get(i));
        }
        if (dialect == CronDialect.EVENTBRIDGE) {
            checkEitherDayField(text, fields.get(2), fields.get(4));
        }
        Cron cron;
        try {
            cron = PARSERS.computeIfAbsent(dialect, d -> new CronParser(d.definition())).parse(body.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new ScheduleSyntaxException(text, null, "could not be read: " + e.getMessage());
        }
        String hours = fields.get(1);
        boolean everyHour = hours.equals("*") || hours.equals("*/1") || hours.equals("0-23") || hours.equals("0/1");
        return new CronExpression(text, zone, ExecutionTime.forCron(cron), everyHour);
    }

    private static String eventBridgeBody(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (!lower.startsWith("cron(") || !text.endsWith(")")) {
            throw new ScheduleSyntaxException(text, null, "is not a cron expression: expected cron(minutes hours day-of-month month day-of-week year)");
        }
        return text.substring(5, text.length() - 1).strip();
    }

    private static void checkEitherDayField(String text, String dayOfMonth, String dayOfWeek) {
        boolean domAny = dayOfMonth.equals("?");
        boolean dowAny = dayOfWeek.equals("?");
        if (domAny == dowAny) {
            throw new ScheduleSyntaxException(text, domAny ? "day-of-month" : "day-of-week", "is '" + (domAny ? dayOfMonth : dayOfWeek)
                    + "': expected exactly one of day-of-month and day-of-week to be '?' (EventBridge cannot "
                    + (domAny ? "leave both open" : "restrict both") + "), e.g. cron(0 3 * * ? *) or cron(0 3 ? * MON-FRI *)");
        }
        if (dayOfMonth.contains("?") && !domAny || dayOfWeek.contains("?") && !dowAny) {
            throw new ScheduleSyntaxException(text, domAny ? "day-of-week" : "day-of-month", "mixes '?' with other values: expected '?' alone");
        }
    }

    @Override
    public Optional<Instant> next(Instant after) {
        ZoneRules rules = zone.getRules();
        LocalDateTime wall = LocalDateTime.ofInstant(after, zone);
        Optional<LocalDateTime> nextWall = nextWall(wall);
        if (nextWall.isEmpty() && !mayChangeNear(rules, after)) {
            return Optional.empty();
        }
        if (nextWall.isPresent() && rules.getValidOffsets(nextWall.get()).size() == 1) {
            Instant candidate = nextWall.get().atZone(zone).toInstant();
            if (!mayChange(rules, after.minus(MARGIN), candidate.plus(MARGIN))) {
                return Optional.of(candidate);
            }
        }
        return nextNearAChange(rules, after, wall);
    }

    /**
     * Near a clock change wall-clock order and instant order can differ, so every matching wall-clock time
     * from {@link #MARGIN} before {@code after} on is mapped to its instants, and the earliest instant after
     * {@code after} wins. Once a candidate is found, wall-clock times more than the margin past it cannot beat it.
     */
    private Optional<Instant> nextNearAChange(ZoneRules rules, Instant after, LocalDateTime wall) {
        Instant best = null;
        LocalDateTime bestWall = null;
        Optional<LocalDateTime> w = nextWall(wall.minus(MARGIN));
        while (w.isPresent() && (bestWall == null || !w.get().isAfter(bestWall.plus(MARGIN)))) {
            for (Instant i : instantsOf(w.get(), rules)) {
                if (i.isAfter(after) && (best == null || i.isBefore(best))) {
                    best = i;
                    bestWall = w.get();
                }
            }
            w = nextWall(w.get());
        }
        return Optional.ofNullable(best);
    }

    /** The instants a wall-clock time fires at: one; none is lost in a gap; two in an overlap only for every-hour expressions. */
    private List<Instant> instantsOf(LocalDateTime wall, ZoneRules rules) {
        List<ZoneOffset> offsets = rules.getValidOffsets(wall);
        if (offsets.size() == 1) {
            return List.of(wall.toInstant(offsets.getFirst()));
        }
        ZoneOffsetTransition change = rules.getTransition(wall);
        if (offsets.isEmpty()) {
            return List.of(wall.toInstant(change.getOffsetBefore()));
        }
        Instant first = wall.toInstant(change.getOffsetBefore());
        return everyHour ? List.of(first, wall.toInstant(change.getOffsetAfter())) : List.of(first);
    }

    private Optional<LocalDateTime> nextWall(LocalDateTime wall) {
        return executionTime.nextExecution(wall.atZone(ZoneOffset.UTC)).map(z -> z.toLocalDateTime());
    }

    private static boolean mayChangeNear(ZoneRules rules, Instant at) {
        return mayChange(rules, at.minus(MARGIN), at.plus(MARGIN));
    }

    /** Whether the zone's offset changes between {@code from} and {@code to}. */
    private static boolean mayChange(ZoneRules rules, Instant from, Instant to) {
        if (rules.isFixedOffset()) {
            return false;
        }
        ZoneOffsetTransition t = rules.nextTransition(from);
        return t != null && !t.getInstant().isAfter(to);
    }

    @Override
    public String text() {
        return text;
    }

    @Override
    public ZoneId zone() {
        return zone;
    }

    @Override
    public String toString() {
        return text + " in " + zone;
    }
}
