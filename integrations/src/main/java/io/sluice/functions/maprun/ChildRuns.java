package io.sluice.functions.maprun;

import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.nested.ChildCompletions;
import io.sluice.functions.nested.ParentReports;
import io.sluice.functions.nested.StartExecution;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.functions.time.SystemRandom;
import io.sluice.functions.time.SystemTime;
import io.sluice.orchestration.port.ExecutionLinks;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.MapRunStore;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a host wires to run child executions and distributed Maps, the same on every host: the two task
 * functions ({@value StartExecution#NAME} and {@value MapRunFunction#NAME}) and the completion handlers that
 * carry a child's end to its parent (for the {@code events} function).
 *
 * @param handlers add these to the host's {@code CompletionListener}
 */
public record ChildRuns(StartExecution executions, MapRunFunction mapRun, List<Consumer<FinishedExecution>> handlers,
                        MapRunCoordinator coordinator) {

    /**
     * What UpdateMapRun calls once it has changed a run's limits: the run takes its next step at once, in the caller's
     * call (children started up to a raised MaxConcurrency, the run failed if its failures now exceed the tolerance).
     */
    public Consumer<String> mapRunUpdated() {
        return coordinator::advance;
    }

    /** The ports and host services children need. */
    public record Wiring(MapRunStore runs, ExecutionLinks links, ExecutionStore executions, TaskQueue queue, QueueNames names,
                         Buckets buckets, PipelineDefinitions pipelines, PipelineStarter.Launch launch, Tenancy tenancy,
                         TaskFunctions functions, Clock clock, MapRunCoordinator.Settings settings) {}

    /**
     * @param w {@code functions} are the bundle's task functions, for EXPRESS children run in process; they may be
     *          looked up lazily (the bundle includes the two functions made here)
     */
    public static ChildRuns wire(Wiring w) {
        ParentReports reports = new ParentReports(w.queue(), w.names());
        MapRunCoordinator coordinator = new MapRunCoordinator(w.runs(), w.links(), w.executions(), w.launch(), OwnedBuckets.scoping(w.buckets()), w.tenancy(), reports,
                w.functions(), w.clock(), SystemRandom.SECURE, SystemTime.TICKER, w.settings());
        StartExecution executions = new StartExecution(w.pipelines(), w.launch(), w.links(), w.tenancy(), w.clock(), w.settings().keep());
        return new ChildRuns(executions, new MapRunFunction(coordinator),
                List.of(new ChildCompletions(w.links(), w.executions(), reports), new MapRunEvents(coordinator)), coordinator);
    }
}
