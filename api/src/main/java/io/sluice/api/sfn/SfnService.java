package io.sluice.api.sfn;

import io.sluice.api.port.ExecutionControl;
import io.sluice.api.port.InProcessTasks;
import io.sluice.api.port.StateMachineVersions;
import io.sluice.api.port.StateMachines;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.maprun.ChildRuns;
import io.sluice.functions.time.SystemRandom;
import io.sluice.functions.time.SystemTime;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.port.ActivityTasks;
import io.sluice.orchestration.port.MapRunStore;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Assembles the Step Functions API over a host's ports: the one place that lists what it serves, and the one place a
 * host composes it. A host names its own parts with the {@link Builder}'s steps; what is the same on every host (the
 * operations, the ARNs' form, calling its task functions directly, UpdateMapRun reaching the map-run coordinator, the
 * request metric) is done here, so no host writes it again.
 */
public final class SfnService {
    private SfnService() {}

    /** A Step Functions API to compose; see {@link Builder} for what must be named and what is left out by default. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * A host's parts of the Step Functions API, named one by one. Required: {@link #arns}, {@link #machines},
     * {@link #executions}, the tasks ({@link #tasks} or {@link #directTasks}), {@link #authenticatedBy}, {@link #clock}
     * and {@link #maxBodyBytes}. Left out, the rest is what a host without it has: no activities, no map-run records
     * (UpdateMapRun finds no run; DescribeMapRun counts the children), answering at {@code /} only, untimed.
     */
    public static final class Builder {
        private Arns arns;
        private StateMachines machines;
        private StateMachineVersions versions;
        private ExecutionControl executions;
        private InProcessTasks tasks;
        private ActivityTasks activities;
        private Duration activityPoll = Duration.ZERO;
        private MapRunStore mapRuns;
        private Consumer<String> mapRunUpdated;
        private SfnApi.Authenticator authenticator;
        private Clock clock;
        private Integer maxBodyBytes;
        private io.micrometer.core.instrument.MeterRegistry registry;
        private String[] paths;

        private Builder() {}

        /** The region and account every ARN names ({@code sluice.sfn-api.region} and {@code .account}). */
        public Builder arns(String region, String account) {
            this.arns = new Arns(region, account);
            return this;
        }

        /** The state machines, which also keep their versions and aliases (one store on every host). */
        public <M extends StateMachines & StateMachineVersions> Builder machines(M machines) {
            this.machines = machines;
            this.versions = machines;
            return this;
        }

        /** The runtime's executions: start, list, describe, history, stop, redrive, task callbacks. */
        public Builder executions(ExecutionControl executions) {
            this.executions = executions;
            return this;
        }

        /** What StartSyncExecution and TestState run in process: the host's own, when it has them as a bean. */
        public Builder tasks(InProcessTasks tasks) {
            this.tasks = tasks;
            return this;
        }

        /** What StartSyncExecution and TestState run in process: the host's task functions, called directly ({@link DirectTasks}). */
        public Builder directTasks(TaskFunctions functions) {
            return tasks(new DirectTasks(functions));
        }

        /**
         * Activities: CreateActivity, DescribeActivity, ListActivities, DeleteActivity and GetActivityTask, whose long poll
         * waits up to {@code poll} (under the platform's request timeout on a cloud host).
         */
        public Builder activities(ActivityTasks activities, Duration poll) {
            this.activities = activities;
            this.activityPoll = poll;
            return this;
        }

        /**
         * The host's map-run records, which UpdateMapRun changes and DescribeMapRun counts from, and its map-run
         * coordinator ({@code children}, looked up at each UpdateMapRun, as it may be made after the API; {@code null}
         * when the host has none): once a run's limits are changed its coordinator steps at once, so the change takes
         * effect within the call (children started up to a raised MaxConcurrency, the run failed if its failures now
         * exceed the tolerance). Without a coordinator, from the run's next step on (a child's end).
         */
        public Builder mapRuns(MapRunStore runs, Supplier<ChildRuns> children) {
            return mapRunsAndStep(runs, runId -> {
                ChildRuns c = children.get();
                if (c != null) {
                    c.mapRunUpdated().accept(runId);
                }
            });
        }

        /** As {@link #mapRuns(MapRunStore, Supplier)}, with the step a changed run's id is handed to. */
        Builder mapRunsAndStep(MapRunStore runs, Consumer<String> updated) {
            this.mapRuns = runs;
            this.mapRunUpdated = updated;
            return this;
        }

        /** Who a request is from ({@link TenantSigning}: signed with a tenant's key, the local mode's anyone, or the platform's). */
        public Builder authenticatedBy(SfnApi.Authenticator authenticator) {
            this.authenticator = authenticator;
            return this;
        }

        /** The time the API reads: signatures' skew, creation dates, what runs in process. */
        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        /** The largest request body accepted ({@code sluice.api.max-body-bytes}, as the HTTP API's), at most {@link Integer#MAX_VALUE}. */
        public Builder maxBodyBytes(long bytes) {
            this.maxBodyBytes = (int) Math.min(Integer.MAX_VALUE, bytes);
            return this;
        }

        /**
         * Each request timed into {@code registry} as {@code sluice.api.requests} (by operation, method and status, as the
         * HTTP API's requests are); {@code null}: untimed, a host without metrics.
         */
        public Builder timedBy(io.micrometer.core.instrument.MeterRegistry registry) {
            this.registry = registry;
            return this;
        }

        /** The paths the API answers at, instead of {@code /} alone: a host that serves it under a route prefix ({@link SfnApi#at}). */
        public Builder at(String... paths) {
            this.paths = paths.clone();
            return this;
        }

        /** The API over the parts named; throws {@link NullPointerException} naming a required step that was not taken. */
        public SfnApi build() {
            SfnApi api = assemble(required(arns, "arns"), required(machines, "machines"), versions, required(executions, "executions"),
                    required(tasks, "tasks"), activities, activityPoll, mapRuns, mapRunUpdated, required(authenticator, "authenticatedBy"),
                    required(clock, "clock"), required(maxBodyBytes, "maxBodyBytes"));
            return (paths == null ? api : api.at(paths)).timedBy(registry);
        }

        private static <T> T required(T part, String step) {
            return Objects.requireNonNull(part, () -> "the Step Functions API needs its " + step + "(...) step");
        }
    }

    /** Every operation the API serves, over the parts; {@code activities} and {@code mapRuns} may be {@code null} (a host without). */
    private static SfnApi assemble(Arns arns, StateMachines machines, StateMachineVersions versions, ExecutionControl executions,
                                   InProcessTasks tasks, ActivityTasks activities, Duration activityPoll, MapRunStore mapRuns,
                                   Consumer<String> mapRunUpdated, SfnApi.Authenticator authenticator, Clock clock, int maxBodyBytes) {
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
