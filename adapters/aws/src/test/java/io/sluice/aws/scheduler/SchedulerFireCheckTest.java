package io.sluice.aws.scheduler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.scheduler.SchedulerClient;

/**
 * A fire reaches {@code scheduled-start} with the pipeline in its body; it starts that pipeline only when the schedule
 * it names starts it. Against a <b>stub</b> of EventBridge Scheduler ({@code SchedulerStub}): nothing serves Scheduler here.
 */
class SchedulerFireCheckTest {
    private static final String TARGET = "arn:aws:lambda:us-east-1:123456789012:function:sluice-scheduled-start:live";
    private static final String ROLE = "arn:aws:iam::123456789012:role/sluice-scheduler";
    private static final String GROUP = "sluice-" + UUID.randomUUID().toString().substring(0, 8);
    private static SchedulerStub stub;
    private static SchedulerClient client;

    @BeforeAll
    static void schedules() {
        stub = new SchedulerStub();
        client = AwsClients.build(SchedulerClient.builder(), AwsClientSettings.local(stub.endpoint(), "us-east-1"));
        new ScheduleReconciler(client, new SchedulerSettings(GROUP, TARGET, ROLE)).reconcile(List.of(
                PipelineSchedule.of("orders", "rate(1 hour)", "UTC"),
                new PipelineSchedule(new ScheduleKey("rates", "eod"), "0 18 * * 1-5", null, OverlapPolicy.ALLOW)));
        ObjectNode off = stub.schedules(GROUP).get(name("orders", null)).deepCopy().put("State", "DISABLED");
        stub.putSchedule(GROUP, "orders-off", off);
        ObjectNode elsewhere = stub.schedules(GROUP).get(name("orders", null)).deepCopy();
        ((ObjectNode) elsewhere.get("Target")).put("Arn", "arn:aws:lambda:us-east-1:123456789012:function:other:live");
        stub.putSchedule(GROUP, "orders-elsewhere", elsewhere);
        stub.putSchedule("other-group", name("orders", null), stub.schedules(GROUP).get(name("orders", null)));
    }

    @AfterAll
    static void stop() {
        client.close();
        stub.close();
    }

    private static String name(String pipeline, String label) {
        return ScheduleNames.of(new ScheduleKey(pipeline, label));
    }

    private static Optional<String> check(String arn, String pipeline, String label, OverlapPolicy overlap) {
        return new SchedulerFireCheck(client, GROUP, TARGET).refusal(arn, new ScheduledStart.Target(new ScheduleKey(pipeline, label), overlap));
    }

    @Test
    void aFireOfTheSchedulesOwnPipelineIsTaken() {
        assertThat(check(SchedulerStub.arn(GROUP, name("orders", null)), "orders", null, OverlapPolicy.SKIP)).isEmpty();
        assertThat(check(SchedulerStub.arn(GROUP, name("rates", "eod")), "rates", "eod", OverlapPolicy.ALLOW)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "another pipeline than the schedule's        | ORDERS       | payroll | -   | skip  | starts orders, not payroll",
            "another label                               | RATES        | rates   | ny  | allow | starts rates/eod, not rates/ny",
            "no label where the schedule has one         | RATES        | rates   | -   | allow | starts rates/eod, not rates",
            "another overlap                             | ORDERS       | orders  | -   | allow | fires with overlap skip, not allow",
            "a disabled schedule                         | OFF          | orders  | -   | skip  | is DISABLED, not ENABLED",
            "a schedule that targets another function    | ELSEWHERE    | orders  | -   | skip  | does not target this deployment's scheduled-start",
            "a schedule of another group                 | OTHER_GROUP  | orders  | -   | skip  | not this deployment's group",
            "no such schedule                            | MISSING      | orders  | -   | skip  | no schedule nope-00000000 in group",
            "not an ARN                                  | NOT_AN_ARN   | orders  | -   | skip  | expected the firing schedule's ARN",
    })
    void aFireIsRefusedWhenItsScheduleDoesNotStartIt(String why, String schedule, String pipeline, String label, String overlap,
                                                     String reason) {
        String arn = switch (schedule) {
            case "ORDERS" -> SchedulerStub.arn(GROUP, name("orders", null));
            case "RATES" -> SchedulerStub.arn(GROUP, name("rates", "eod"));
            case "OFF" -> SchedulerStub.arn(GROUP, "orders-off");
            case "ELSEWHERE" -> SchedulerStub.arn(GROUP, "orders-elsewhere");
            case "OTHER_GROUP" -> SchedulerStub.arn("other-group", name("orders", null));
            case "MISSING" -> SchedulerStub.arn(GROUP, "nope-00000000");
            default -> "orders";
        };
        assertThat(check(arn, pipeline, label.equals("-") ? null : label, OverlapPolicy.of(overlap)))
                .as(why).hasValueSatisfying(r -> assertThat(r).startsWith("schedule: ").contains(reason));
    }

    @Test
    void scheduledStartStartsNothingOnARefusedFire() {
        List<String> started = new ArrayList<>();
        ScheduledStart start = new ScheduledStart((pipeline, name, input) -> {
            started.add(pipeline);
            return new StartResult.Started(null);
        }, (pipeline, prefix) -> false, new SchedulerFireCheck(client, GROUP, TARGET));
        String forged = Json.write(Json.object().put("pipeline", "payroll").put("scheduledTime", "2026-11-29T03:00:00Z")
                .put("schedule", SchedulerStub.arn(GROUP, name("orders", null))));

        assertThatThrownBy(() -> start.apply(forged)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not payroll");
        assertThatThrownBy(() -> start.apply("{\"pipeline\": \"orders\", \"scheduledTime\": \"2026-11-29T03:00:00Z\"}"))
                .hasMessageContaining("schedule: missing");
        assertThat(started).isEmpty();
        assertThat(start.apply(forged.replace("payroll", "orders"))).contains("\"outcome\":\"started\"");
        assertThat(started).containsExactly("orders");
    }
}
