package io.sluice.api.sfn;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.api.tenant.Caller;
import io.sluice.api.port.ExecutionControl;
import io.sluice.orchestration.engine.TaskToken;
import io.sluice.orchestration.port.ActivityTasks;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * CreateActivity, DescribeActivity, ListActivities, DeleteActivity and GetActivityTask over the {@link ActivityTasks}
 * port: a Task state whose Resource is {@code arn:aws:states:<region>:<account>:activity:<name>} queues its input and
 * task token there, and a worker polls for it (a long poll of up to {@code pollWait}, 60 s as on AWS) and answers with
 * SendTaskSuccess / SendTaskFailure / SendTaskHeartbeat, which {@link TaskOperations} handles for every task token.
 * Activities are the caller's tenant's ({@link ActivityTasks#scoped}): a tenant lists, polls and deletes its own only,
 * another tenant's activity of the same name is another activity, and a Task state queues to its pipeline's tenant's.
 */
final class ActivityOperations {
    private static final int WORKER_NAME_MAX = 80;
    private final ActivityTasks activities;
    private final ExecutionControl executions;
    private final Arns arns;
    private final Clock clock;
    private final Duration pollWait;

    ActivityOperations(ActivityTasks activities, ExecutionControl executions, Arns arns, Clock clock, Duration pollWait) {
        this.activities = activities;
        this.executions = executions;
        this.arns = arns;
        this.clock = clock;
        this.pollWait = pollWait;
    }

    void register(Map<String, SfnApi.Operation> ops) {
        ops.put("CreateActivity", this::create);
        ops.put("DescribeActivity", this::describe);
        ops.put("ListActivities", this::list);
        ops.put("DeleteActivity", this::delete);
        ops.put("GetActivityTask", this::getTask);
    }

    private JsonNode create(Caller caller, JsonNode request) {
        String name = Fields.required(request, "name");
        if (!Arns.NAME.matcher(name).matches()) {
            throw SfnError.INVALID_NAME.with("Invalid Name: '" + Arns.shown(name) + "'; an activity's name is " + Arns.NAME_EXPECTED + ".");
        }
        Access.mayChange(caller);
        ActivityTasks.Activity a = activities.create(ActivityTasks.scoped(caller.tenant(), name), clock.instant());
        a = new ActivityTasks.Activity(name, a.created());
        ObjectNode out = Fields.object();
        out.put("activityArn", arns.activity(a.name()));
        Fields.time(out, "creationDate", a.created());
        return out;
    }

    private JsonNode describe(Caller caller, JsonNode request) {
        ActivityTasks.Activity a = existing(caller, request);
        ObjectNode out = Fields.object();
        out.put("activityArn", arns.activity(a.name())).put("name", a.name());
        Fields.time(out, "creationDate", a.created());
        return out;
    }

    private JsonNode list(Caller caller, JsonNode request) {
        List<ActivityTasks.Activity> own = activities.list().stream().flatMap(a -> ActivityTasks.unscoped(caller.tenant(), a.name())
                .map(n -> new ActivityTasks.Activity(n, a.created())).stream()).toList();
        PageToken.Page<ActivityTasks.Activity> page = PageToken.page(own, Fields.optional(request, "nextToken"),
                Fields.maxResults(request, 100), "activities");
        ObjectNode out = Fields.object();
        ArrayNode list = out.putArray("activities");
        for (ActivityTasks.Activity a : page.items()) {
            ObjectNode o = list.addObject();
            o.put("activityArn", arns.activity(a.name())).put("name", a.name());
            Fields.time(o, "creationDate", a.created());
        }
        if (page.nextToken() != null) {
            out.put("nextToken", page.nextToken());
        }
        return out;
    }

    private JsonNode delete(Caller caller, JsonNode request) {
        String name = arns.activityName(Fields.required(request, "activityArn"), "activityArn");
        Access.mayChange(caller);
        activities.delete(ActivityTasks.scoped(caller.tenant(), name)); // as on AWS, deleting an activity that is not there succeeds
        return Fields.object();
    }

    /** Waits up to {@code pollWait} for a task; an empty answer (no taskToken) when none came, as AWS gives. */
    private JsonNode getTask(Caller caller, JsonNode request) {
        ActivityTasks.Activity a = existing(caller, request);
        String scoped = ActivityTasks.scoped(caller.tenant(), a.name());
        String worker = Fields.optional(request, "workerName");
        if (worker != null && worker.length() > WORKER_NAME_MAX) {
            throw SfnError.VALIDATION.with("workerName is " + worker.length() + " characters; at most " + WORKER_NAME_MAX + " are accepted.");
        }
        Access.mayChange(caller);
        Instant deadline = clock.instant().plus(pollWait);
        ObjectNode out = Fields.object();
        while (true) {
            Duration left = Duration.between(clock.instant(), deadline);
            Optional<ActivityTasks.Task> task = activities.poll(scoped, left.isNegative() ? Duration.ZERO : left);
            if (task.isEmpty()) {
                return out;
            }
            // A task whose execution ended meanwhile (timed out, stopped) is nobody's to run any more.
            if (running(task.get().token())) {
                // The history's ActivityStarted: when (and by which worker) the task was taken, not when it is answered.
                activities.taken(task.get().token(), new ActivityTasks.Taken(clock.instant(), worker));
                return out.put("taskToken", task.get().token()).put("input", task.get().input());
            }
        }
    }

    private boolean running(String token) {
        String executionId;
        try {
            executionId = TaskToken.executionIdOf(token);
        } catch (IllegalArgumentException e) {
            return false;
        }
        return executions.summary(executionId).map(s -> s.status().equals("RUNNING")).orElse(false);
    }

    private ActivityTasks.Activity existing(Caller caller, JsonNode request) {
        String name = arns.activityName(Fields.required(request, "activityArn"), "activityArn");
        return activities.find(ActivityTasks.scoped(caller.tenant(), name)).map(a -> new ActivityTasks.Activity(name, a.created())).orElseThrow(() -> SfnError.ACTIVITY_DOES_NOT_EXIST.with("Activity Does Not Exist: '"
                + arns.activity(name) + "'."));
    }
}
