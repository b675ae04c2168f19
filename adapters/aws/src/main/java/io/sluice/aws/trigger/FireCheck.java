package io.sluice.aws.trigger;

import java.util.Optional;

/**
 * Whether a fire handed to {@code scheduled-start} comes from a schedule that starts that pipeline. The fire's body
 * names the pipeline, but anyone allowed to invoke the function could send one: the pipeline is taken only when the
 * schedule the fire names (Scheduler's {@code <aws.scheduler.schedule-arn>}) exists in the deployment's group, is
 * enabled, targets this function and has that very pipeline, label and overlap in its input.
 */
@FunctionalInterface
public interface FireCheck {
    /** Empty when {@code scheduleArn} is a schedule that starts {@code target}; otherwise why it is not. */
    Optional<String> refusal(String scheduleArn, ScheduledStart.Target target);

    /** Refuses every fire with {@code why} (a deployment with no schedule group to check fires against). */
    static FireCheck refuseAll(String why) {
        return (arn, target) -> Optional.of(why);
    }
}
