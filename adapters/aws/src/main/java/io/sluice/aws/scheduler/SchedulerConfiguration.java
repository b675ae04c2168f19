package io.sluice.aws.scheduler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.aws.client.AwsClients;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.functions.trigger.schedule.OverlapPolicy;
import io.sluice.functions.trigger.schedule.ScheduleKey;
import io.sluice.orchestration.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import software.amazon.awssdk.services.scheduler.SchedulerClient;

/**
 * The schedule reconciler when {@code sluice.scheduler.group} is set, and the {@code schedule-reconcile} function a
 * deployment step invokes with the pipelines' schedules:
 * {@code {"schedules": [{"pipeline": "orders", "expression": "cron(0 3 * * ? *)", "timezone": "Europe/Berlin"},
 * {"pipeline": "rates", "label": "eod", "expression": "0 18 * * 1-5", "overlap": "allow"}]}}; it answers with the
 * report ({@code created}, {@code updated}, {@code deleted}, {@code unchanged}, {@code problems}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("sluice.scheduler.group")
@EnableConfigurationProperties({SchedulerProperties.class, AwsServicesProperties.class})
public class SchedulerConfiguration {

    @Bean(destroyMethod = "close")
    public SchedulerClient sluiceSchedulerClient(SchedulerProperties scheduler, AwsServicesProperties aws) {
        return AwsClients.build(SchedulerClient.builder(), aws.settings(scheduler.endpoint()));
    }

    @Bean
    public ScheduleReconciler scheduleReconciler(SchedulerClient client, SchedulerProperties scheduler) {
        return new ScheduleReconciler(client, new SchedulerSettings(scheduler.group(), scheduler.targetArn(), scheduler.roleArn()));
    }

    /** What {@code scheduled-start} checks each fire with: the schedule it names, in this group, targeting it. */
    @Bean
    public SchedulerFireCheck schedulerFireCheck(SchedulerClient client, SchedulerProperties scheduler) {
        return new SchedulerFireCheck(client, scheduler.group(), scheduler.targetArn());
    }

    @Bean("schedule-reconcile")
    public Function<String, String> scheduleReconcile(ScheduleReconciler reconciler) {
        return body -> Json.write(report(reconciler.reconcile(schedules(Json.parse(body)))));
    }

    static List<PipelineSchedule> schedules(JsonNode in) {
        JsonNode list = in.path("schedules");
        if (!list.isArray()) {
            throw new IllegalArgumentException("schedule-reconcile takes {\"schedules\": [{\"pipeline\", \"expression\", ...}]}");
        }
        List<PipelineSchedule> out = new ArrayList<>();
        for (JsonNode s : list) {
            String label = s.hasNonNull("label") ? s.get("label").asText() : null;
            out.add(new PipelineSchedule(new ScheduleKey(s.path("pipeline").asText(), label), s.path("expression").asText(),
                    s.hasNonNull("timezone") ? s.get("timezone").asText() : null,
                    s.hasNonNull("overlap") ? OverlapPolicy.of(s.get("overlap").asText()) : null));
        }
        return out;
    }

    private static ObjectNode report(ScheduleReconciler.Report report) {
        ObjectNode out = Json.object();
        array(out.putArray("created"), report.created());
        array(out.putArray("updated"), report.updated());
        array(out.putArray("deleted"), report.deleted());
        array(out.putArray("unchanged"), report.unchanged());
        array(out.putArray("problems"), report.problems());
        return out;
    }

    private static void array(ArrayNode node, List<String> values) {
        values.forEach(node::add);
    }
}
