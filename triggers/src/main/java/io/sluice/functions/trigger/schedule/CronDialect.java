package io.sluice.functions.trigger.schedule;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinition;
import com.cronutils.model.definition.CronDefinitionBuilder;
import java.util.List;

/** The two cron syntaxes: their fields, ranges and special characters, and the cron-utils definition that evaluates them. */
enum CronDialect {
    /** EventBridge: {@code minutes hours day-of-month month day-of-week year}, Quartz-like without seconds. */
    EVENTBRIDGE(List.of(
            new CronField("minutes", 0, 59, List.of(), ""),
            new CronField("hours", 0, 23, List.of(), ""),
            new CronField("day-of-month", 1, 31, List.of(), "?LW"),
            new CronField("month", 1, 12, CronField.MONTHS, ""),
            new CronField("day-of-week", 1, 7, CronField.DAYS_FROM_SUNDAY_1, "?L#"),
            new CronField("year", 1970, 2199, List.of(), ""))),

    /** Standard (Vixie) cron: {@code minute hour day-of-month month day-of-week}, day-of-week 0-7 with 0 and 7 Sunday. */
    STANDARD(List.of(
            new CronField("minute", 0, 59, List.of(), ""),
            new CronField("hour", 0, 23, List.of(), ""),
            new CronField("day-of-month", 1, 31, List.of(), ""),
            new CronField("month", 1, 12, CronField.MONTHS, ""),
            new CronField("day-of-week", 0, 7, CronField.DAYS_FROM_SUNDAY_0, "")));

    private final List<CronField> fields;
    private volatile CronDefinition definition;

    CronDialect(List<CronField> fields) {
        this.fields = fields;
    }

    List<CronField> fields() {
        return fields;
    }

    String layout() {
        return String.join(" ", fields.stream().map(CronField::name).toList());
    }

    CronDefinition definition() {
        CronDefinition d = definition;
        if (d == null) {
            d = this == STANDARD ? CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX) : eventBridge();
            definition = d;
        }
        return d;
    }

    /** Quartz's fields without seconds, years to 2199 as EventBridge allows. The either-or rule on the day fields is checked before parsing. */
    private static CronDefinition eventBridge() {
        return CronDefinitionBuilder.defineCron()
                .withMinutes().withValidRange(0, 59).withStrictRange().and()
                .withHours().withValidRange(0, 23).withStrictRange().and()
                .withDayOfMonth().withValidRange(1, 31).supportsL().supportsW().supportsLW().supportsQuestionMark().and()
                .withMonth().withValidRange(1, 12).and()
                .withDayOfWeek().withValidRange(1, 7).withMondayDoWValue(2).supportsHash().supportsL().supportsQuestionMark().and()
                .withYear().withValidRange(1970, 2199).and()
                .instance();
    }
}
