package io.sluice.api.control;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.OrchestratorSends;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.retention.ExecutionArchive;
import io.sluice.functions.retention.ExecutionListings;
import io.sluice.functions.retention.ExecutionReads;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.engine.Frame;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.ObjectStore;
import io.sluice.orchestration.port.StatusStore;
import io.sluice.orchestration.port.TaskQueue;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@link ExecutionControl} for a host whose API process can run the orchestrator itself (a cloud
 * host's HTTP function): stop and redrive are applied on the calling thread through {@code apply}
 * (the orchestrator's compare-and-set commit, the one its queue consumer makes), so the answer shows
 * their effect; callbacks go to the orchestrator's queue, as a task's result does.
 */
public final class OrchestratorExecutions implements ExecutionControl {
    private final Function<OrchestratorMessage, Orchestrator.Outcome> apply;
    private final ExecutionStarter starter;
    private final ExecutionStore store;
    private final TaskQueue queue;
    private final QueueNames names;
    private final ExecutionReads reads;
    private final ExecutionListings listings;

    /**
     * @param apply   runs one orchestrator message now (normally {@code orchestrator::handle})
     * @param starter the host's one starter, the same its triggers use
     * @param reads   where describe, summary and history look: the store, then the archive if the host has one
     */
    public OrchestratorExecutions(Function<OrchestratorMessage, Orchestrator.Outcome> apply, ExecutionStarter starter,
                                  ExecutionStore store, TaskQueue queue, QueueNames names, ExecutionReads reads) {
        this(apply, starter, store, queue, names, reads, null);
    }

    /**
     * The one {@code ExecutionControl} as every host builds it: reads find an execution in {@code store}, else in the
     * archive in {@code archive} the schedule-tick moved it to ({@code null}: nothing is archived); lists span that archive
     * through the status table {@code index}, where the reaper gives every archived run its row ({@code null}, or no
     * archive: lists read the store only), over the pipelines {@code pipelines} names.
     */
    public static OrchestratorExecutions over(Function<OrchestratorMessage, Orchestrator.Outcome> apply, ExecutionStarter starter,
                                              ExecutionStore store, TaskQueue queue, QueueNames names, ObjectStore archive,
                                              StatusStore index, Supplier<? extends Iterable<String>> pipelines) {
        return new OrchestratorExecutions(apply, starter, store, queue, names,
                new ExecutionReads(store, archive == null ? null : new ExecutionArchive(archive)),
                new ExecutionListings(store, archive == null ? null : index, pipelines));
    }

    /** @param listings what lists span (the store, then the archived runs); {@code null}: the store only */
    public OrchestratorExecutions(Function<OrchestratorMessage, Orchestrator.Outcome> apply, ExecutionStarter starter,
                                  ExecutionStore store, TaskQueue queue, QueueNames names, ExecutionReads reads,
                                  ExecutionListings listings) {
        this.listings = listings;
        this.apply = apply;
        this.starter = starter;
        this.store = store;
        this.queue = queue;
        this.names = names;
        this.reads = reads;
    }

    @Override
    public StartResult start(String pipeline, String name, JsonNode input) {
        return starter.start(pipeline, name, input);
    }

    @Override
    public StartResult start(String pipeline, String name, JsonNode input, io.sluice.functions.start.StartOptions options) {
        return starter.start(pipeline, name, input, options);
    }

    @Override
    public List<ExecutionSummary> list(String pipeline, String status, io.sluice.orchestration.port.ExecutionCursor after, int limit) {
        return listings != null ? listings.list(pipeline, status, after, limit) : store.list(pipeline, status, after, limit);
    }

    @Override
    public Optional<Described> describe(String executionId) {
        return reads.find(executionId).map(f -> {
            JsonNode state = Json.parse(f.state());
            Execution execution = ExecutionCodec.decode(state);
            return new Described(withPartition(f.summary(), execution), execution, f.archived(), Orchestrator.priorityOf(state).name(),
                    Orchestrator.startedThroughOf(state), f.asleep());
        });
    }

    /**
     * The summary with the partition its execution was started for, read from its input where the summary has none: an
     * execution stored before summaries carried it, which lists without one until its next commit (a finished one never).
     */
    static ExecutionSummary withPartition(ExecutionSummary s, Execution execution) {
        String partition = s.partition() != null ? null : FinishedExecution.partitionOf(execution.input());
        return partition == null ? s : new ExecutionSummary(s.executionId(), s.pipeline(), s.name(), s.status(), s.definitionHash(),
                s.startTime(), s.stopTime(), partition);
    }

    @Override
    public Optional<ExecutionSummary> summary(String executionId) {
        return reads.find(executionId).map(ExecutionReads.Found::summary);
    }

    @Override
    public Optional<List<JsonNode>> history(String executionId, int from, int limit) {
        return reads.history(executionId, from, limit).map(lines -> lines.stream().map(Json::parse).toList());
    }

    @Override
    public Change stop(String executionId, String error, String cause) {
        Optional<ExecutionSummary> s = summary(executionId);
        if (s.isEmpty()) {
            return new Change.NotFound(executionId);
        }
        if (!s.get().status().equals(ExecutionStatus.RUNNING.name())) {
            return new Change.Refused(s.get(), "Execution '" + executionId + "' has already ended " + s.get().status()
                    + "; only a RUNNING execution can be stopped.");
        }
        return applied(apply.apply(new OrchestratorMessage.Stop(executionId, error, cause)));
    }

    @Override
    public Change redrive(String executionId) {
        Optional<ExecutionSummary> s = summary(executionId);
        if (s.isEmpty()) {
            return new Change.NotFound(executionId);
        }
        String status = s.get().status();
        if (store.load(executionId).isEmpty()) {
            return new Change.Refused(s.get(), "Execution '" + executionId + "' is archived: its redrive window has passed.");
        }
        if (status.equals(ExecutionStatus.RUNNING.name()) || status.equals(ExecutionStatus.SUCCEEDED.name())) {
            return new Change.Refused(s.get(), "Execution '" + executionId + "' is " + status
                    + "; only a FAILED, TIMED_OUT or ABORTED execution can be redriven.");
        }
        return applied(apply.apply(new OrchestratorMessage.Redrive(executionId)));
    }

    private Change applied(Orchestrator.Outcome outcome) {
        ExecutionSummary after = summary(outcome.executionId()).orElseThrow();
        return outcome.dropped() == null ? new Change.Done(after) : new Change.Refused(after, outcome.dropped());
    }

    /**
     * Puts a callback on the orchestrator's queue if the execution waits for that very token now;
     * otherwise it is refused here, with the reason. The orchestrator still checks the token again.
     */
    @Override
    public Change callback(String token, OrchestratorMessage message) {
        String executionId = message.executionId();
        Optional<Described> d = describe(executionId);
        if (d.isEmpty()) {
            return new Change.NotFound(executionId);
        }
        ExecutionSummary s = d.get().summary();
        if (!s.status().equals(ExecutionStatus.RUNNING.name())) {
            return new Change.Refused(s, "Execution '" + executionId + "' has already ended " + s.status() + "; it waits for no task.");
        }
        boolean waits = d.get().execution().frames().stream()
                .anyMatch(f -> f.waiting() == Frame.Waiting.TASK && f.token() != null && f.token().encode().equals(token));
        if (!waits) {
            // Never name the tokens it does wait for: a token is the credential of its callback.
            return new Change.Refused(s, "Execution '" + executionId + "' does not wait for that task token now. A task's token is"
                    + " the $$.Task.Token its state passed on; it is valid from its TASK_SCHEDULED event until its result.");
        }
        queue.send(names.orchestrator(), OrchestratorSends.of(message,
                message instanceof OrchestratorMessage.TaskResult r ? OrchestratorSends.resultId(r.token()) : null), Duration.ZERO);
        return new Change.Done(s);
    }
}
