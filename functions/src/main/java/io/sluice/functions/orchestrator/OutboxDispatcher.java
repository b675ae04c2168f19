package io.sluice.functions.orchestrator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.events.cloud.ExecutionEvent;
import io.sluice.functions.messaging.LambdaRouting;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.OrchestratorSends;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.messaging.Traceparent;
import io.sluice.functions.priority.Priority;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.integration.IntegrationCatalog;
import io.sluice.orchestration.engine.CommandCodec;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.json.WireVersion;
import io.sluice.orchestration.port.ActivityTasks;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.CoupledWrites;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TimerIndex;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Carries out a committed outbox, then clears it. Every command has a stable id
 * ({@code <execution id>/<version>/<index>}, given at commit), sent as the message's deduplication
 * id: carrying an outbox out twice (its writer and the sweeper, or a handler that inherited it)
 * sends nothing twice within the queue's deduplication window, and beyond it tasks are still
 * deduplicated by token, timers by id, and a second completion event is ignored downstream.
 */
public final class OutboxDispatcher {
    static final String ID = "id";
    /** The entry's priority channel (its execution's); an entry without one (older) goes to {@link Priority#DEFAULT}. */
    static final String PRIORITY = "priority";
    /**
     * The version of an outbox entry (an engine command with its id and channel). Version 1 was written without
     * {@code "v"}; version 2 adds {@code "v": 2} first and nothing else. An entry this build does not read leaves the whole
     * outbox unsent and uncleared ({@link WireVersion.Unsupported}), for a build that reads it (the sweeper sends it).
     * Event entries are events-queue messages ({@link ExecutionEvent#QUEUE_VERSION}).
     */
    public static final WireVersion ENTRY_VERSION = new WireVersion("outbox entry", 2, true);
    /** The task message attribute that names its channel, for the consumer's limits. */
    public static final String PRIORITY_ATTRIBUTE = "priority";

    private final ExecutionStore store;
    private final TaskQueue queue;
    private final TimerIndex timers;
    private final QueueNames names;
    private final Clock clock;
    private final ActivityTasks activities;
    private volatile Tenancy activityOwners = Tenancy.SINGLE;
    private volatile LambdaRouting lambdas = LambdaRouting.BY_NAME;
    private volatile CoupledWrites coupled;

    public OutboxDispatcher(ExecutionStore store, TaskQueue queue, TimerIndex timers, QueueNames names, Clock clock) {
        this(store, queue, timers, names, clock, null);
    }

    /** @param activities where Task states on a Step Functions activity queue their tasks for activity workers; null: nowhere */
    public OutboxDispatcher(ExecutionStore store, TaskQueue queue, TimerIndex timers, QueueNames names, Clock clock, ActivityTasks activities) {
        this.store = store;
        this.queue = queue;
        this.timers = timers;
        this.names = names;
        this.clock = clock;
        this.activities = activities;
    }

    /**
     * Whose activities a Task state on {@code ...:activity:<name>} queues to: its pipeline's tenant's (by default
     * {@link Tenancy#SINGLE}, the platform's activities). The Step Functions API scopes activities by the same tenancy.
     */
    public void scopeActivities(Tenancy owners) {
        this.activityOwners = java.util.Objects.requireNonNull(owners, "owners");
    }

    /**
     * Where a Task calling a Lambda function goes: by default the function of that name's queue; on a host with queues for
     * its own functions only, a call of another goes to the integrations function ({@link LambdaRouting#outside}).
     */
    public void routeLambdas(LambdaRouting routing) {
        this.lambdas = java.util.Objects.requireNonNull(routing, "routing");
    }

    /**
     * From now on, a commit whose outbox is nothing but queue sends goes with them in one step ({@link #commit}), where
     * the store and the queue share a server; {@code null}: never.
     */
    public void couple(CoupledWrites writes) {
        this.coupled = writes;
    }

    /**
     * Commits, and if committed, carries the outbox out (unless {@code send} is false: its writer or the sweeper sends
     * it). Coupled writes, where there are some, do both in one step when every entry of the outbox is a plain queue
     * send; otherwise the commit goes first and {@link #send} after, as before. {@code ack}, if given, is the
     * acknowledgement of the message the commit applies, made with it where the writes are coupled (else left to the host).
     */
    public CommitResult commit(Commit commit, boolean send, Boundary.Probe probe, CoupledWrites.Acknowledgement ack) {
        return commit(commit, List.of(), send, probe, ack);
    }

    /**
     * {@link #commit(Commit, boolean, Boundary.Probe, CoupledWrites.Acknowledgement)}, {@code written} being the last entries
     * of the commit's outbox as they were written ({@link #written}): their sends are made from what they were written
     * from, not from their JSON parsed back (the entries before them, carried over, are read).
     */
    CommitResult commit(Commit commit, List<Written> written, boolean send, Boundary.Probe probe, CoupledWrites.Acknowledgement ack) {
        CoupledWrites writes = coupled;
        if (writes != null) {
            Optional<List<CoupledWrites.Send>> sends = send ? plainSends(commit.executionId(), commit.outbox(), written) : Optional.of(List.of());
            if (sends.isPresent()) {
                CommitResult result = writes.commitAndSend(commit, sends.get(), ack);
                if (result instanceof CommitResult.Committed) {
                    probe.reached(Boundary.AFTER_COMMIT_BEFORE_SEND); // sent already: a crash here leaves nothing undone
                }
                return result;
            }
        }
        CommitResult result = store.commit(commit);
        if (result instanceof CommitResult.Committed c) {
            probe.reached(Boundary.AFTER_COMMIT_BEFORE_SEND);
            if (send) {
                send(commit.executionId(), commit.outbox(), c.version());
            }
        }
        return result;
    }

    /** Each entry as the plain queue send it is, in order; empty if any entry is more (a long timer, an activity, a cancel). */
    private Optional<List<CoupledWrites.Send>> plainSends(String executionId, List<String> outbox, List<Written> written) {
        List<CoupledWrites.Send> sends = new ArrayList<>(outbox.size());
        int carried = outbox.size() - written.size();
        for (int i = 0; i < outbox.size(); i++) {
            String entry = outbox.get(i);
            Written w = carried >= 0 && i >= carried && written.get(i - carried).entry() == entry ? written.get(i - carried) : null;
            Optional<CoupledWrites.Send> plain = w != null ? plain(executionId, w) : plainRead(executionId, entry);
            if (plain.isEmpty()) {
                return Optional.empty();
            }
            sends.add(plain.get());
        }
        return Optional.of(sends);
    }

    private Optional<CoupledWrites.Send> plain(String executionId, Written w) {
        return w.command() == null ? Optional.of(eventSend(executionId, w.entry(), w.eventId()))
                : plain(executionId, w.command(), w.id(), w.priority(), w.traceparent());
    }

    /** An entry read back as its send; empty too when it was committed before entries had ids (send() gives it one from where it stands). */
    private Optional<CoupledWrites.Send> plainRead(String executionId, String entry) {
        JsonNode json = readEntry(entry);
        if (ExecutionEvent.isOne(json)) {
            return Optional.of(eventSend(executionId, entry, json.get("eventId").asText()));
        }
        return json.hasNonNull(ID) ? plain(executionId, CommandCodec.decode(json), json.get(ID).asText(), priorityOf(json), Traceparent.of(json))
                : Optional.empty();
    }

    /**
     * An outbox entry with what it was written from: a command with its id, channel and sender, or an execution event
     * ({@code command} null, {@code eventId} its id).
     */
    record Written(String entry, Command command, String id, Priority priority, String traceparent, String eventId) {}

    /** {@link #entry(Command, String, Priority, String)}, kept with what it was written from. */
    static Written written(Command command, String id, Priority priority, String traceparent) {
        return new Written(entry(command, id, priority, traceparent), command, id, priority, traceparent, null);
    }

    /** {@link #eventEntry}, kept with the event's id. */
    static Written written(ExecutionEvent event) {
        return new Written(eventEntry(event), null, null, null, null, event.id());
    }

    /** An outbox entry: the command's JSON with its stable id. */
    static String entry(Command command, String id) {
        return entry(command, id, Priority.DEFAULT);
    }

    /** An outbox entry on channel {@code priority}. */
    static String entry(Command command, String id, Priority priority) {
        return entry(command, id, priority, null);
    }

    /**
     * An outbox entry on channel {@code priority}, sent by the span {@code traceparent} (null: not traced): an optional
     * field ({@link Traceparent#FIELD}) that the messages the entry becomes carry, so version 2 still holds.
     */
    static String entry(Command command, String id, Priority priority, String traceparent) {
        ObjectNode o = ENTRY_VERSION.stamp(CommandCodec.encode(command));
        o.put(ID, id);
        if (priority != Priority.DEFAULT) {
            o.put(PRIORITY, priority.name());
        }
        if (traceparent != null) {
            o.put(Traceparent.FIELD, traceparent);
        }
        return Json.write(o);
    }

    /** An outbox entry that is an execution event for the events queue (not an engine command); its id is the event's. */
    static String eventEntry(ExecutionEvent event) {
        return event.encode();
    }

    /** @throws WireVersion.Unsupported before sending anything, when an entry is of a version this build does not read */
    public void send(String executionId, List<String> outbox, long version) {
        List<JsonNode> entries = outbox.stream().map(OutboxDispatcher::readEntry).toList();
        for (int i = 0; i < outbox.size(); i++) {
            JsonNode json = entries.get(i);
            if (ExecutionEvent.isOne(json)) {
                send(eventSend(executionId, outbox.get(i), json.get("eventId").asText()));
                continue;
            }
            // An entry committed before ids existed gets one from where it stands, stable for that outbox.
            String id = json.hasNonNull(ID) ? json.get(ID).asText() : executionId + "/" + version + "/" + i;
            carryOut(executionId, CommandCodec.decode(json), id, priorityOf(json), Traceparent.of(json));
        }
        if (!outbox.isEmpty()) {
            store.clearOutbox(executionId, version);
        }
    }

    private static Priority priorityOf(JsonNode entry) {
        return Priority.find(entry.path(PRIORITY).asText(null)).orElse(Priority.DEFAULT);
    }

    /** In the execution's group, as its completion: one execution's events arrive in the order they happened. */
    private CoupledWrites.Send eventSend(String executionId, String entry, String eventId) {
        return new CoupledWrites.Send(names.events(), new OutgoingMessage(entry, Map.of("executionId", executionId), executionId,
                eventId), Duration.ZERO);
    }

    private void send(CoupledWrites.Send s) {
        queue.send(s.queue(), s.message(), s.delay());
    }

    /** An outbox entry as JSON, its version checked (an event entry's as an events-queue message). */
    static JsonNode readEntry(String entry) {
        JsonNode json = Json.parse(entry);
        (ExecutionEvent.isOne(json) ? ExecutionEvent.QUEUE_VERSION : ENTRY_VERSION).check(json);
        return json;
    }

    /**
     * A task no function can run (a lambda:invoke whose FunctionName names no function, an activity) fails at once,
     * reported as its result: a FunctionName that names nothing with {@code States.Runtime} (as before the engine left
     * it to the host, so a mock could answer it), an activity with {@value IntegrationCatalog#UNAVAILABLE}.
     */
    private void unroutable(Command.DispatchTask d, String id) {
        TaskResource resource = TaskResource.parse(d.resource());
        String error;
        String cause;
        if (resource.kind() == TaskResource.Kind.ACTIVITY && activities != null) {
            // The worker answers with the token (SendTaskSuccess/Failure/Heartbeat); the state's timeouts run meanwhile.
            String activity = resource.raw().substring(resource.raw().lastIndexOf(':') + 1);
            String token = d.token().encode();
            if (ActivityTasks.NAME.matcher(activity).matches()) {
                String owner = activityOwners.tenantOf(Orchestrator.pipelineOf(d.token().executionId())).orElse(null);
                if (activities.enqueue(ActivityTasks.scoped(owner, activity), id, new ActivityTasks.Task(token, Json.write(d.payload())))) {
                    return;
                }
            }
            error = ErrorNames.RUNTIME;
            cause = "Task state '" + d.stateName() + "' calls activity '" + activity + "', which does not exist for its pipeline's"
                    + " tenant (CreateActivity creates it).";
            queue.send(names.orchestrator(), OrchestratorSends.of(new OrchestratorMessage.TaskResult(token, null, error, cause),
                    OrchestratorSends.resultId(token)), Duration.ZERO);
            return;
        }
        if (resource.lambdaInvoke()) {
            error = ErrorNames.RUNTIME;
            cause = "Task '" + d.stateName() + "' calls lambda:invoke, but its FunctionName names no function of this bundle"
                    + " (a ${Placeholder} left unsubstituted?).";
        } else {
            // An activity on a dispatcher wired without activities (a bench or drill; every host wires them).
            error = IntegrationCatalog.UNAVAILABLE;
            cause = "Task state '" + d.stateName() + "' calls '" + d.resource() + "', but this process was started without"
                    + " Step Functions activities (the hosts' Step Functions API serves them: workers poll it with GetActivityTask).";
        }
        String token = d.token().encode();
        queue.send(names.orchestrator(), OrchestratorSends.of(new OrchestratorMessage.TaskResult(token, null, error, cause),
                OrchestratorSends.resultId(token)), Duration.ZERO);
    }

    /**
     * Moves a timer outside any commit, as a worker's heartbeat does ({@code LeaseKeeper}): a sleeping execution's heartbeat
     * timer, moved by a callback's heartbeat that leaves it asleep. A timer of a task that ended meanwhile fires into a
     * state that no longer has it, which drops it.
     */
    public void moveTimer(String executionId, Command.StartTimer timer, String traceparent) {
        timers.schedule(timer.timerId(), timer.dueAt(), OrchestratorSends.timerFired(executionId, timer.timerId(), traceparent));
    }

    private void carryOut(String executionId, Command command, String id, Priority priority, String traceparent) {
        Optional<CoupledWrites.Send> plain = plain(executionId, command, id, priority, traceparent);
        if (plain.isPresent()) {
            send(plain.get());
            return;
        }
        switch (command) {
            case Command.DispatchTask d -> unroutable(d, id);
            case Command.StartTimer t -> timers.schedule(t.timerId(), t.dueAt(), OrchestratorSends.timerFired(executionId, t.timerId(), traceparent));
            case Command.CancelTimer c -> timers.cancel(c.timerId());
            case Command.ExecutionFinished f -> throw new IllegalStateException("a finished command is always a plain send");
        }
    }

    /**
     * The one queue send a command is, if that is all it is: a task for a function, an execution's end, a timer short
     * enough for a delayed message. Empty for the rest (an unroutable task or an activity, a long or renewable timer, a
     * cancel), which {@link #carryOut} does itself.
     */
    private Optional<CoupledWrites.Send> plain(String executionId, Command command, String id, Priority priority, String traceparent) {
        return switch (command) {
            case Command.DispatchTask d when d.function() == null -> Optional.empty();
            case Command.DispatchTask task -> {
                Command.DispatchTask d = lambdas.route(task);
                yield Optional.of(new CoupledWrites.Send(names.tasks(d.function(), priority),
                        new OutgoingMessage(TaskMessage.of(d, clock.instant(), traceparent).encode(), Map.of("executionId", executionId,
                                "token", d.token().encode(), PRIORITY_ATTRIBUTE, priority.name()), null, id), Duration.ZERO));
            }
            case Command.StartTimer t -> {
                Duration delay = Duration.between(clock.instant(), t.dueAt());
                if (delay.isNegative()) {
                    delay = Duration.ZERO;
                }
                yield !t.renewable() && delay.compareTo(queue.maxDelay()) <= 0
                        ? Optional.of(new CoupledWrites.Send(names.orchestrator(),
                                OrchestratorSends.of(new OrchestratorMessage.TimerFired(executionId, t.timerId(), traceparent), id), delay))
                        : Optional.empty();
            }
            case Command.CancelTimer c -> Optional.empty();
            case Command.ExecutionFinished f -> Optional.of(new CoupledWrites.Send(names.events(), new OutgoingMessage(finishedMessage(f),
                    Map.of("executionId", executionId, "status", f.status().name()), executionId, id), Duration.ZERO));
        };
    }

    /** The events-queue message of a finished execution: the command, versioned as every events-queue message. */
    static String finishedMessage(Command.ExecutionFinished f) {
        return Json.write(ExecutionEvent.QUEUE_VERSION.stamp(CommandCodec.encode(f)));
    }
}
