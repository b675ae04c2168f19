package io.sluice.aws.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SchedulerExpressionsTest {

    @Test
    void eventBridgeFormsPassAsTheyAre() {
        assertThat(SchedulerExpressions.toScheduler("rate(1 hour)", "UTC")).isEqualTo("rate(1 hour)");
        assertThat(SchedulerExpressions.toScheduler("cron(0  3 * * ? *)", "Europe/Berlin")).isEqualTo("cron(0 3 * * ? *)");
    }

    @Test
    void fiveFieldCronGetsSixFieldsWithDayNames() {
        assertThat(SchedulerExpressions.toScheduler("0 3 * * *", "UTC")).isEqualTo("cron(0 3 * * ? *)");
        assertThat(SchedulerExpressions.toScheduler("*/15 9-17 * * 1-5", "UTC")).isEqualTo("cron(*/15 9-17 ? * MON,TUE,WED,THU,FRI *)");
        assertThat(SchedulerExpressions.toScheduler("0 6 * * 0,7", "UTC")).isEqualTo("cron(0 6 ? * SUN *)");
        assertThat(SchedulerExpressions.toScheduler("0 6 * * 5-7", "UTC")).isEqualTo("cron(0 6 ? * SUN,FRI,SAT *)");
        assertThat(SchedulerExpressions.toScheduler("30 2 1 * *", "UTC")).isEqualTo("cron(30 2 1 * ? *)");
        assertThat(SchedulerExpressions.toScheduler("0 0 * * MON-WED", "UTC")).isEqualTo("cron(0 0 ? * MON,TUE,WED *)");
        assertThat(SchedulerExpressions.toScheduler("@daily", "UTC")).isEqualTo("cron(0 0 * * ? *)");
        assertThat(SchedulerExpressions.toScheduler("@weekly", "UTC")).isEqualTo("cron(0 0 ? * SUN *)");
    }

    @Test
    void whatSchedulerCannotExpressOrSluiceCannotParseIsRefusedSayingWhy() {
        assertThatThrownBy(() -> SchedulerExpressions.toScheduler("0 3 1 * MON", "UTC")).hasMessageContaining("either its day of month");
        assertThatThrownBy(() -> SchedulerExpressions.toScheduler("rate(1 hours)", "UTC")).hasMessageContaining("does not agree");
        assertThatThrownBy(() -> SchedulerExpressions.toScheduler("0 3 * * *", "Mars/Olympus")).hasMessageContaining("time zone");
    }
}
