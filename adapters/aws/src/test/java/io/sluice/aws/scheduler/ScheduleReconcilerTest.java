package io.sluice.aws.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.client.AwsClients;
import io.sluice.stubs.aws.SchedulerStub;
import io.sluice.aws.trigger.ScheduledStart;
import io.sluice.functions.start.StartResult;
import io.sluice.functions.trigger.schedule.OverlapPolicy;
import io.sluice.functions.trigger.schedule.ScheduleKey;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.scheduler.SchedulerClient;

/**
 * The schedule reconciler against a <b>stub</b> of EventBridge Scheduler ({@code SchedulerStub}, REST-JSON):
 * nothing serves Scheduler here. Each test uses a schedule group of its own.
 */
class ScheduleReconcilerTest {
    private static final String TARGET = "arn:aws:lambda:us-east-1:123456789012:function:sluice-scheduled-start";
    private static final String ROLE = "arn:aws:iam::123456789012:role/sluice-scheduler";
    private static SchedulerStub stub;
    private static SchedulerClient client;

    @BeforeAll
    static void start() {
        stub = new SchedulerStub();
        client = AwsClients.build(SchedulerClient.builder(), AwsClientSettings.local(stub.endpoint(), "us-east-1"));
    }

    @AfterAll
    static void stop() {
        client.close();
        stub.close();
    }

    private static ScheduleReconciler reconciler(String group) {
        return new ScheduleReconciler(client, new SchedulerSettings(group, TARGET, ROLE));
    }

    private static String group() {
        return "sluice-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void createsOneSchedulePerPipelineWhoseFireStartsTheRunNamedAfterTheScheduledTime() {
        String group = group();
        ScheduleReconciler.Report report = reconciler(group).reconcile(List.of(
                PipelineSchedule.of("orders", "cron(0 3 * * ? *)", "Europe/Berlin"),
                new PipelineSchedule(new ScheduleKey("rates", "eod"), "0 18 * * 1-5", null, OverlapPolicy.ALLOW)));

        assertThat(report.created()).hasSize(2);
        Map<String, ObjectNode> stored = stub.schedules(group);
        ObjectNode orders = stored.get(ScheduleNames.of(ScheduleKey.of("orders")));
        assertThat(orders.path("ScheduleExpression").asText()).isEqualTo("cron(0 3 * * ? *)");
        assertThat(orders.path("ScheduleExpressionTimezone").asText()).isEqualTo("Europe/Berlin");
        assertThat(orders.path("Target").path("Arn").asText()).isEqualTo(TARGET);
        assertThat(orders.path("Target").path("RoleArn").asText()).isEqualTo(ROLE);
        assertThat(orders.path("FlexibleTimeWindow").path("Mode").asText()).isEqualTo("OFF");
        assertThat(Json.parse(orders.path("Target").path("Input").asText()))
                .isEqualTo(Json.parse("{\"pipeline\": \"orders\", \"scheduledTime\": \"<aws.scheduler.scheduled-time>\", "
                        + "\"schedule\": \"<aws.scheduler.schedule-arn>\"}"));
        ObjectNode rates = stored.get(ScheduleNames.of(new ScheduleKey("rates", "eod")));
        assertThat(rates.path("ScheduleExpression").asText()).isEqualTo("cron(0 18 ? * MON,TUE,WED,THU,FRI *)");
        assertThat(rates.path("ScheduleExpressionTimezone").asText()).isEqualTo("UTC");

        // What Scheduler delivers to scheduled-start when rates' eod schedule fires at 18:00 UTC.
        String ratesName = ScheduleNames.of(new ScheduleKey("rates", "eod"));
        String fired = rates.path("Target").path("Input").asText().replace("<aws.scheduler.scheduled-time>", "2026-11-29T18:00:00Z")
                .replace("<aws.scheduler.schedule-arn>", SchedulerStub.arn(group, ratesName));
        List<String> started = new ArrayList<>();
        new ScheduledStart((pipeline, name, input) -> {
            started.add(pipeline + "/" + name + " " + Json.write(input));
            return new StartResult.Started(null);
        }, (pipeline, prefix) -> false, new SchedulerFireCheck(client, group, TARGET)).apply(fired);
        assertThat(started).containsExactly(
                "rates/sched-eod-20261129T1800Z {\"schedule\":\"rates/eod\",\"scheduledTime\":\"2026-11-29T18:00:00Z\"}");
    }

    @Test
    void runningAgainChangesNothingAndAChangeUpdatesOnlyThatSchedule() {
        String group = group();
        List<PipelineSchedule> wanted = List.of(PipelineSchedule.of("orders", "rate(1 hour)", "UTC"),
                PipelineSchedule.of("returns", "cron(0 4 * * ? *)", "UTC"), PipelineSchedule.of("fx", "rate(5 minutes)", "UTC"));
        reconciler(group).reconcile(wanted);
        int writes = writes();

        ScheduleReconciler.Report again = reconciler(group).reconcile(wanted);
        assertThat(again.changedNothing()).isTrue();
        assertThat(again.unchanged()).hasSize(3);
        assertThat(writes()).as("no create, update or delete reached Scheduler").isEqualTo(writes);

        ScheduleReconciler.Report changed = reconciler(group).reconcile(List.of(PipelineSchedule.of("orders", "rate(2 hours)", "UTC"),
                PipelineSchedule.of("returns", "cron(0 4 * * ? *)", "UTC"), PipelineSchedule.of("fx", "rate(5 minutes)", "UTC")));
        assertThat(changed.updated()).containsExactly(ScheduleNames.of(ScheduleKey.of("orders")));
        assertThat(changed.unchanged()).hasSize(2);
        assertThat(stub.schedules(group).get(ScheduleNames.of(ScheduleKey.of("orders"))).path("ScheduleExpression").asText())
                .isEqualTo("rate(2 hours)");
    }

    @Test
    void aScheduleNoPipelineWantsIsDeletedAndOneChangedByHandIsPutBackButOthersSchedulesAreLeftAlone() {
        String group = group();
        reconciler(group).reconcile(List.of(PipelineSchedule.of("orders", "rate(1 hour)", "UTC"), PipelineSchedule.of("gone", "rate(1 day)", "UTC")));
        // Terraform's tick and a team's schedule for a created state machine share the group: not the reconciler's to delete.
        ObjectNode tick = Json.object().put("Description", "Sluice schedule-tick").put("ScheduleExpression", "rate(1 minute)");
        tick.putObject("Target").put("Arn", TARGET).put("RoleArn", ROLE);
        stub.putSchedule(group, "tick", tick);
        stub.putSchedule(group, "team-nightly", tick.deepCopy().put("Description", "nightly run of a created machine"));
        String orders = ScheduleNames.of(ScheduleKey.of("orders"));
        ObjectNode edited = stub.schedules(group).get(orders).deepCopy();
        edited.put("State", "DISABLED");
        stub.putSchedule(group, orders, edited);

        ScheduleReconciler.Report report = reconciler(group).reconcile(List.of(PipelineSchedule.of("orders", "rate(1 hour)", "UTC")));

        assertThat(report.deleted()).containsExactly(ScheduleNames.of(ScheduleKey.of("gone")));
        assertThat(report.updated()).containsExactly(orders);
        assertThat(stub.schedules(group)).containsOnlyKeys(orders, "tick", "team-nightly");
        assertThat(stub.schedules(group).get(orders).path("State").asText()).isEqualTo("ENABLED");
        assertThat(reconciler(group).reconcile(List.of()).deleted()).containsExactly(orders);
        assertThat(stub.schedules(group)).containsOnlyKeys("tick", "team-nightly");
    }

    @Test
    void anyProblemChangesNothingAndNamesEachOne() {
        String group = group();
        reconciler(group).reconcile(List.of(PipelineSchedule.of("orders", "rate(1 hour)", "UTC")));
        int writes = writes();
        ScheduleReconciler.Report report = reconciler(group).reconcile(List.of(
                PipelineSchedule.of("orders", "rate(1 hours)", "UTC"),
                PipelineSchedule.of("both-days", "0 3 1 * MON", "UTC"),
                new PipelineSchedule(ScheduleKey.of("queued"), "rate(1 hour)", "UTC", OverlapPolicy.QUEUE),
                PipelineSchedule.of("twice", "rate(1 hour)", "UTC"), PipelineSchedule.of("twice", "rate(2 hours)", "UTC")));
        assertThat(report.problems()).hasSize(4).anySatisfy(p -> assertThat(p).startsWith("orders: "))
                .anySatisfy(p -> assertThat(p).startsWith("both-days: ")).anySatisfy(p -> assertThat(p).startsWith("queued: overlap"))
                .anySatisfy(p -> assertThat(p).isEqualTo("twice: is wanted twice"));
        assertThat(report.changedNothing()).isTrue();
        assertThat(writes()).isEqualTo(writes);
        assertThat(stub.schedules(group)).hasSize(1);
    }

    @Test
    void namesStayWithinSchedulersRulesAndApart() {
        String long80 = "a".repeat(70) + ":x@y-1.2_3";
        assertThat(ScheduleNames.of(ScheduleKey.of(long80))).hasSizeLessThanOrEqualTo(64).matches("[0-9A-Za-z._-]+");
        assertThat(ScheduleNames.of(ScheduleKey.of("a:b"))).isNotEqualTo(ScheduleNames.of(ScheduleKey.of("a@b")));
        assertThat(ScheduleNames.of(new ScheduleKey("orders", "eod"))).startsWith("orders.eod-");
    }

    private static int writes() {
        return (int) stub.calls().stream().filter(c -> !c.method().equals("GET")).count();
    }
}
