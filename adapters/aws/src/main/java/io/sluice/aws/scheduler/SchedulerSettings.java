package io.sluice.aws.scheduler;

import java.util.Objects;

/**
 * Where the reconciler keeps the deployment's schedules and what they invoke.
 *
 * @param group     the schedule group holding this deployment's schedules and nothing else (every schedule in it
 *                  that no pipeline asks for is deleted)
 * @param targetArn the {@code scheduled-start} Lambda function's ARN
 * @param roleArn   the role EventBridge Scheduler assumes to invoke it
 */
public record SchedulerSettings(String group, String targetArn, String roleArn) {
    public SchedulerSettings {
        Objects.requireNonNull(group, "group (sluice.scheduler.group)");
        Objects.requireNonNull(targetArn, "targetArn (sluice.scheduler.target-arn)");
        Objects.requireNonNull(roleArn, "roleArn (sluice.scheduler.role-arn)");
    }
}
