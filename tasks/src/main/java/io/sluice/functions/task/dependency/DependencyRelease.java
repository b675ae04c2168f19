package io.sluice.functions.task.dependency;

import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.OrchestratorSends;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.engine.TaskToken;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.DependencyIndex;
import io.sluice.orchestration.port.DependencyIndex.Upstream;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TimerIndex;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A completion handler: a SUCCEEDED execution with a partition marks (pipeline, partition)
 * succeeded in the dependency index and completes every {@link DependencyCheck} task that now
 * misses nothing. Each woken token is released only after its result is sent, so a crash in
 * between leaves it ready, and the event's redelivery sends it again (the orchestrator drops the
 * duplicate).
 */
public final class DependencyRelease implements Consumer<FinishedExecution> {
    private final DependencyIndex index;
    private final TimerIndex timers;
    private final TaskQueue queue;
    private final QueueNames names;
    private final Clock clock;
    private final Duration keepSucceeded;

    /** @param keepSucceeded how long a success stays known to later checks */
    public DependencyRelease(DependencyIndex index, TimerIndex timers, TaskQueue queue, QueueNames names, Clock clock,
                             Duration keepSucceeded) {
        this.index = index;
        this.timers = timers;
        this.queue = queue;
        this.names = names;
        this.clock = clock;
        this.keepSucceeded = keepSucceeded;
    }

    @Override
    public void accept(FinishedExecution e) {
        release(e);
    }

    /** Handles one completion; returns how many waiting checks it released. */
    public int release(FinishedExecution e) {
        if (e.status() != ExecutionStatus.SUCCEEDED || e.pipeline() == null || e.partition() == null) {
            return 0;
        }
        Upstream done = new Upstream(e.pipeline(), e.partition());
        int released = 0;
        for (String token : index.succeeded(done, clock.instant().plus(keepSucceeded))) {
            complete(queue, names, timers, index, token, done);
            released++;
        }
        return released;
    }

    /** Sends the waiting task its success, cancels its deadline, and forgets it; {@code last} is the upstream that woke it, if any. */
    static void complete(TaskQueue queue, QueueNames names, TimerIndex timers, DependencyIndex index, String token, Upstream last) {
        var output = Json.object().put("DependenciesMet", true);
        if (last != null) {
            output.put("Last", last.toString());
        }
        queue.send(names.orchestrator(), OrchestratorSends.of(new OrchestratorMessage.TaskResult(token, output, null, null),
                OrchestratorSends.resultId(token)), Duration.ZERO);
        timers.cancel(DependencyCheck.deadlineTimerId(token));
        index.release(token);
    }
}
