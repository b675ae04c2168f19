package io.sluice.api.sfn;

import io.sluice.functions.time.SystemRandom;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.port.InProcessTasks;
import io.sluice.api.port.StateMachineVersions;
import io.sluice.api.port.StateMachines;
import io.sluice.functions.time.SystemTime;
import io.sluice.orchestration.port.ActivityTasks;
import io.sluice.orchestration.port.MapRunStore;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/** Assembles the Step Functions API over a host's ports: the one place that lists what it serves. */
public final class SfnService {
    private SfnService() {}

    /**
     * @param arns         the region and account every ARN names
     * @param authenticator who a request is from (SigV4 with tenants, anyone in local mode)
     * @param maxBodyBytes the largest request body accepted
     */
    public static SfnApi api(Arns arns, StateMachines machines, StateMachineVersions versions, ExecutionControl executions, InProcessTasks tasks,
                             SfnApi.Authenticator authenticator, Clock clock, int maxBodyBytes) {
        return api(arns, machines, versions, executions, tasks, null, Duration.ZERO, authenticator, clock, maxBodyBytes);
    }

    /** With activities, and no map-run records: UpdateMapRun finds no run. */
    public static SfnApi api(Arns arns, StateMachines machines, StateMachineVersions versions, ExecutionControl executions, InProcessTasks tasks,
                             ActivityTasks activities, Duration activityPoll, SfnApi.Authenticator authenticator, Clock clock, int maxBodyBytes) {
        return api(arns, machines, versions, executions, tasks, activities, activityPoll, null, authenticator, clock, maxBodyBytes);
    }

    /**
     * With activities: CreateActivity, DescribeActivity, ListActivities, DeleteActivity and GetActivityTask, whose long
     * poll waits up to {@code activityPoll} (null {@code activities}: a host without them); and the host's map-run records,
     * which UpdateMapRun changes and DescribeMapRun counts from ({@code null}: a host that keeps none).
     */
    public static SfnApi api(Arns arns, StateMachines machines, StateMachineVersions versions, ExecutionControl executions, InProcessTasks tasks,
                             ActivityTasks activities, Duration activityPoll, MapRunStore mapRuns, SfnApi.Authenticator authenticator,
                             Clock clock, int maxBodyBytes) {
        return api(arns, machines, versions, executions, tasks, activities, activityPoll, mapRuns, null, authenticator, clock, maxBodyBytes);
    }

    /**
     * As above, and {@code mapRunUpdated} (the host's map-run coordinator's step, {@code ChildRuns.mapRunUpdated()}) is
     * called with a run's id once UpdateMapRun has changed it, so the change takes effect within the call; {@code null}:
     * from the run's next step on (a child's end).
     */
    public static SfnApi api(Arns arns, StateMachines machines, StateMachineVersions versions, ExecutionControl executions, InProcessTasks tasks,
                             ActivityTasks activities, Duration activityPoll, MapRunStore mapRuns, java.util.function.Consumer<String> mapRunUpdated,
                             SfnApi.Authenticator authenticator, Clock clock, int maxBodyBytes) {
        Map<String, SfnApi.Operation> ops = new HashMap<>();
        RandomSource random = SystemRandom.SECURE; // request ids, execution names, alias routing, EXPRESS runs' draws
        if (activities != null) {
            new ActivityOperations(activities, executions, arns, clock, activityPoll).register(ops);
        }
        StateMachineOperations machineOps = new StateMachineOperations(machines, versions, arns, clock);
        machineOps.register(ops);
        VersionOperations versionOps = new VersionOperations(versions, machineOps, arns, clock, random);
        versionOps.register(ops);
        new VersionDeletions(machineOps, versions, arns).register(ops);
        ExecutionOperations executionOps = new ExecutionOperations(executions, machineOps, versionOps, versions, arns, clock, random);
        executionOps.register(ops);
        new MapRunOperations(executions, executionOps, arns, mapRuns, mapRunUpdated).register(ops);
        new SyncExecutionOperation(machineOps, tasks, arns, clock, SystemTime.TICKER, random).register(ops);
        new HistoryOperation(executions, executionOps, machines, arns, activities).register(ops);
        new TaskOperations(executions).register(ops);
        new TestStateOperation(tasks, clock, SystemTime.TICKER, random).register(ops);
        new TagOperations(machines, machineOps, arns, clock).register(ops);
        return new SfnApi(ops, authenticator, maxBodyBytes, random);
    }
}
