package io.sluice.stubs.aws;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Pipeline schedules on a {@link SchedulerStub} as a deployment has them, for tests that fire {@code scheduled-start}:
 * the {@code sluice.scheduler.*} settings that point it at the stub's group, and a schedule per pipeline whose ARN the
 * fire names.
 */
public final class FiringSchedules {
    public static final String TARGET = "arn:aws:lambda:us-east-1:123456789012:function:sluice-scheduled-start:live";
    public static final String ROLE = "arn:aws:iam::123456789012:role/sluice-scheduler";

    private final SchedulerStub stub;
    private final String group;

    public FiringSchedules(SchedulerStub stub, String group) {
        this.stub = stub;
        this.group = group;
    }

    /** The settings of a deployment whose schedule group is this one, on the stub. */
    public Map<String, String> properties() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("sluice.scheduler.group", group);
        p.put("sluice.scheduler.target-arn", TARGET);
        p.put("sluice.scheduler.role-arn", ROLE);
        p.put("sluice.scheduler.endpoint", stub.endpoint().toString());
        return p;
    }

    /** Puts an enabled schedule that starts {@code pipeline} (named as Terraform names it) and returns its ARN. */
    public String schedule(String pipeline) {
        return schedule(pipeline, null);
    }

    /** As {@link #schedule(String)}, with {@code overlap} in its input ({@code null}: the default, skip). */
    public String schedule(String pipeline, String overlap) {
        String name = "pipeline-" + pipeline + (overlap == null ? "" : "-" + overlap);
        ObjectNode input = Json.object().put("pipeline", pipeline).put("scheduledTime", "<aws.scheduler.scheduled-time>")
                .put("schedule", "<aws.scheduler.schedule-arn>");
        if (overlap != null) {
            input.put("overlap", overlap);
        }
        ObjectNode s = Json.object().put("Description", "Starts pipeline " + pipeline).put("ScheduleExpression", "rate(1 hour)")
                .put("State", "ENABLED");
        s.putObject("FlexibleTimeWindow").put("Mode", "OFF");
        s.putObject("Target").put("Arn", TARGET).put("RoleArn", ROLE).put("Input", Json.write(input));
        stub.putSchedule(group, name, s);
        return SchedulerStub.arn(group, name);
    }

    /** What Scheduler delivers to {@code scheduled-start} when the schedule of {@code pipeline} fires at {@code scheduledTime}. */
    public String fire(String pipeline, String scheduledTime) {
        return fire(pipeline, scheduledTime, null);
    }

    /** As {@link #fire(String, String)}, of the schedule with {@code overlap}. */
    public String fire(String pipeline, String scheduledTime, String overlap) {
        ObjectNode fire = Json.object().put("pipeline", pipeline).put("scheduledTime", scheduledTime).put("schedule", schedule(pipeline, overlap));
        if (overlap != null) {
            fire.put("overlap", overlap);
        }
        return Json.write(fire);
    }
}
