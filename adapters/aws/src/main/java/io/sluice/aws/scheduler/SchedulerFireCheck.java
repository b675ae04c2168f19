package io.sluice.aws.scheduler;

import io.sluice.aws.trigger.FireCheck;
import io.sluice.aws.trigger.ScheduledStart;
import io.sluice.orchestration.json.Json;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.scheduler.SchedulerClient;
import software.amazon.awssdk.services.scheduler.model.GetScheduleResponse;
import software.amazon.awssdk.services.scheduler.model.ResourceNotFoundException;
import software.amazon.awssdk.services.scheduler.model.ScheduleState;

/**
 * {@link FireCheck} against EventBridge Scheduler: one {@code GetSchedule} per fire, in the deployment's group only
 * (the function's role may read no other). The schedule must be enabled, target {@code targetArn} (the
 * {@code scheduled-start} alias that the reconciler and Terraform point schedules at) and carry the fire's pipeline,
 * label and overlap in its input, as both write it.
 */
public final class SchedulerFireCheck implements FireCheck {
    /** The context attribute Scheduler replaces with the firing schedule's ARN. */
    public static final String ARN_PLACEHOLDER = "<aws.scheduler.schedule-arn>";
    private static final Pattern ARN = Pattern.compile("arn:aws[a-z-]*:scheduler:[a-z0-9-]+:\\d{12}:schedule/([0-9A-Za-z_.-]{1,64})/([0-9A-Za-z_.-]{1,64})");

    private final SchedulerClient scheduler;
    private final String group;
    private final String targetArn;

    public SchedulerFireCheck(SchedulerClient scheduler, String group, String targetArn) {
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.group = Objects.requireNonNull(group, "group (sluice.scheduler.group)");
        this.targetArn = Objects.requireNonNull(targetArn, "targetArn (sluice.scheduler.target-arn)");
    }

    @Override
    public Optional<String> refusal(String scheduleArn, ScheduledStart.Target target) {
        Matcher m = ARN.matcher(scheduleArn);
        if (!m.matches()) {
            return Optional.of("schedule: expected the firing schedule's ARN (Scheduler's " + ARN_PLACEHOLDER
                    + " in the target input), as arn:aws:scheduler:<region>:<account>:schedule/<group>/<name>");
        }
        if (!m.group(1).equals(group)) {
            return Optional.of("schedule: " + m.group(2) + " is in group " + m.group(1) + ", not this deployment's group " + group);
        }
        String name = m.group(2);
        GetScheduleResponse s;
        try {
            s = scheduler.getSchedule(b -> b.groupName(group).name(name));
        } catch (ResourceNotFoundException e) {
            return Optional.of("schedule: no schedule " + name + " in group " + group);
        }
        if (s.state() != ScheduleState.ENABLED) {
            return Optional.of("schedule: " + name + " is " + s.stateAsString() + ", not ENABLED");
        }
        if (s.target() == null || !targetArn.equals(s.target().arn())) {
            return Optional.of("schedule: " + name + " does not target this deployment's scheduled-start (" + targetArn + ")");
        }
        ScheduledStart.Target scheduled;
        try {
            scheduled = ScheduledStart.Target.of(Json.parse(s.target().input() == null ? "{}" : s.target().input()));
        } catch (RuntimeException e) {
            return Optional.of("schedule: " + name + "'s target input is not a scheduled-start input (" + e.getMessage() + ")");
        }
        if (!scheduled.key().equals(target.key())) {
            return Optional.of("schedule: " + name + " starts " + scheduled.key().scheduleId() + ", not " + target.key().scheduleId());
        }
        if (scheduled.overlap() != target.overlap()) {
            return Optional.of("schedule: " + name + " fires with overlap " + scheduled.overlap().code() + ", not " + target.overlap().code());
        }
        return Optional.empty();
    }
}
