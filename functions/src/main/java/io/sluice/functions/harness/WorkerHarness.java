package io.sluice.functions.harness;

import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.tenancy.Owners;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.events.cloud.ExecutionEvent;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.observe.RuntimeObserver;
import io.sluice.functions.messaging.OrchestratorSends;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.time.SystemRandom;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.orchestrator.Boundary;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.definition.TaskResource;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.integration.LambdaInvoke;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.CoupledWrites;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.LineageLog;
import io.sluice.orchestration.port.ReadAlong;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import io.sluice.orchestration.port.TimerIndex;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import io.sluice.orchestration.definition.ContentHash;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * Wraps every task function: claims the task token before running it, keeps the claim alive while
 * it works, stores the result, and replays a stored result when the same task arrives again instead
 * of running it twice. Task functions stay plain {@code Function}s. Heartbeats move the task's
 * heartbeat timer in the {@link TimerIndex} ({@link LeaseKeeper}); they cost the orchestrator nothing.
 */
public final class WorkerHarness {
    private static final Logger LOG = Logger.getLogger(WorkerHarness.class.getName());
    private static final Duration RETENTION = Duration.ofDays(7);

    private final TaskFunctions functions;
    private final IdempotencyStore claims;
    private final TimerIndex timers;
    private final TaskQueue queue;
    private final QueueNames names;
    private final Clock clock;
    private final String owner;
    private final Duration lease;
    private final Boundary.Probe probe;
    private final TaskGate gate;
    private final LineageLog lineage;
    private final boolean emitsEvents;
    private final TaskFailures failures;
    private final Owners owners;
    private final CoupledWrites coupled;
    private final RandomSource random;
    private final RuntimeObserver observer;

    /** Told of each task that ended in an error (a backend saying it is saturated, for one). */
    @FunctionalInterface
    public interface TaskFailures {
        TaskFailures NONE = (function, error) -> { };

        void failed(String function, String error);
    }

    /**
     * @param owner  this worker's name, which its claims (leases) carry
     * @param owners whose run each dispatched task is: the deployment's tenancy fixes every task's {@link Owner}
     */
    public WorkerHarness(TaskFunctions functions, IdempotencyStore claims, TimerIndex timers, TaskQueue queue, QueueNames names,
                         Clock clock, String owner, Duration lease, Boundary.Probe probe, Owners owners) {
        this(functions, claims, timers, queue, names, clock, owner, lease, probe, TaskGate.OPEN, null, false, TaskFailures.NONE, owners, null,
                SystemRandom.SECURE, RuntimeObserver.NONE);
    }

    private WorkerHarness(TaskFunctions functions, IdempotencyStore claims, TimerIndex timers, TaskQueue queue, QueueNames names,
                          Clock clock, String owner, Duration lease, Boundary.Probe probe, TaskGate gate, LineageLog lineage,
                          boolean emitsEvents, TaskFailures failures, Owners owners, CoupledWrites coupled, RandomSource random,
                          RuntimeObserver observer) {
        this.observer = java.util.Objects.requireNonNull(observer, "observer");
        this.owners = java.util.Objects.requireNonNull(owners, "owners");
        this.random = java.util.Objects.requireNonNull(random, "random");
        this.coupled = coupled;
        this.emitsEvents = emitsEvents;
        this.failures = failures;
        this.gate = gate;
        this.lineage = lineage;
        this.functions = functions;
        this.claims = claims;
        this.timers = timers;
        this.queue = queue;
        this.names = names;
        this.clock = clock;
        this.owner = owner;
        this.lease = lease;
        this.probe = probe;
    }

    /** This harness, asking {@code gate} before each task runs (the allow and block rules): a held task waits, not run. */
    public WorkerHarness withGate(TaskGate gate) {
        return new WorkerHarness(functions, claims, timers, queue, names, clock, owner, lease, probe, gate, lineage, emitsEvents, failures, owners, coupled, random, observer);
    }

    /**
     * This harness, sending an execution event to the events queue when the gate first holds a task ({@code blocked})
     * and when a held task is let through ({@code released}). A held copy carries when it was first held ({@link HeldTask}),
     * so a task asked again while still held is not announced again.
     */
    public WorkerHarness withEvents() {
        return new WorkerHarness(functions, claims, timers, queue, names, clock, owner, lease, probe, gate, lineage, true, failures, owners, coupled, random, observer);
    }

    /** This harness, recording in {@code lineage} the datasets each succeeded task of a {@link DatasetAware} function used. */
    public WorkerHarness withLineage(LineageLog lineage) {
        return new WorkerHarness(functions, claims, timers, queue, names, clock, owner, lease, probe, gate, lineage, emitsEvents, failures, owners, coupled, random, observer);
    }

    /** This harness, telling {@code failures} of each task whose function ended in an error (once per run, not on a replay). */
    public WorkerHarness withFailures(TaskFailures failures) {
        return new WorkerHarness(functions, claims, timers, queue, names, clock, owner, lease, probe, gate, lineage, emitsEvents, failures, owners, coupled, random, observer);
    }

    /**
     * This harness, completing a claim and sending the task's result in one step where the claims and the queue share a
     * server ({@link CoupledWrites}); {@code null}: one after the other.
     */
    public WorkerHarness withCoupledWrites(CoupledWrites coupled) {
        return new WorkerHarness(functions, claims, timers, queue, names, clock, owner, lease, probe, gate, lineage, emitsEvents, failures, owners,
                coupled, random, observer);
    }

    /**
     * This harness, naming each delivery's claim owner with a value drawn from {@code random} (unpredictable by default,
     * {@link SystemRandom#SECURE}, so no two processes' deliveries share an owner; a test's seeded source repeats them).
     */
    public WorkerHarness withRandom(RandomSource random) {
        return new WorkerHarness(functions, claims, timers, queue, names, clock, owner, lease, probe, gate, lineage, emitsEvents, failures, owners,
                coupled, random, observer);
    }

    /** This harness, telling {@code observer} of each task it runs: how long it waited since sent, how long it ran, how it ended. */
    public WorkerHarness withObserver(RuntimeObserver observer) {
        return new WorkerHarness(functions, claims, timers, queue, names, clock, owner, lease, probe, gate, lineage, emitsEvents, failures, owners,
                coupled, random, observer);
    }

    /** What the host does with the message afterwards. */
    public enum Disposition {
        /** Done (ran, or replayed a stored result): acknowledge the message. */
        ACKNOWLEDGE,
        /** Another worker holds the task: leave the message, it comes back after its visibility timeout. */
        RETRY_LATER,
        /**
         * Unreadable (a {@link TaskMessage} version this worker does not know): never run it. With
         * {@link #handle(String, String)} the harness has moved it to the dead-letter queue already
         * (acknowledge it); a host that called {@link #handle(String)} leaves it unacknowledged, and
         * the queue dead-letters it after its receives.
         */
        DEAD_LETTER
    }

    /**
     * Handles one task message received from {@code fromQueue}; one of an unknown version goes to
     * that queue's dead-letter queue with the attributes {@code error} ({@value TaskMessage#UNKNOWN_VERSION})
     * and {@code cause}, and the host acknowledges it (the answer is then {@link Disposition#DEAD_LETTER}).
     */
    public Disposition handle(String body, String fromQueue) {
        return handle(body, fromQueue, null);
    }

    /**
     * As {@link #handle(String, String)}; {@code ack}, if given, is the message's acknowledgement, which the completion
     * makes along with the result where the claims and the queue share a server ({@link CoupledWrites}): the host
     * acknowledges the message (when told to) only if it is not {@link CoupledWrites.Acknowledgement#done() done}.
     */
    public Disposition handle(String body, String fromQueue, CoupledWrites.Acknowledgement ack) {
        return handle(body, fromQueue, ack, ReadAlong.NOTHING);
    }

    /**
     * As {@link #handle(String, String, CoupledWrites.Acknowledgement)}, starting from what the receive read along
     * ({@link CoupledWrites#readOnReceive}): a {@link ReadAlong.Claim} made for this delivery is the task's claim, and
     * the harness does not claim it again (it releases it if the gate holds the task back).
     */
    public Disposition handle(String body, String fromQueue, CoupledWrites.Acknowledgement ack, ReadAlong readAlong) {
        try {
            return run(TaskMessage.decode(body), body, fromQueue, ack, readAlong);
        } catch (TaskMessage.UnknownVersion e) {
            LOG.warning("dead-lettering a task message from " + fromQueue + ": " + e.getMessage());
            // The id makes the move idempotent: a worker killed between this send and the host's acknowledgement
            // receives the message again and sends it again, and the dead-letter queue must hold it once.
            queue.send(queue.deadLetterQueue(fromQueue), new OutgoingMessage(body,
                    Map.of("error", TaskMessage.UNKNOWN_VERSION, "cause", e.getMessage()), null, deadLetterId(fromQueue, body)), Duration.ZERO);
            return Disposition.DEAD_LETTER;
        }
    }

    /** The deduplication id of a message this harness moves to a dead-letter queue: the same message, the same id. */
    static String deadLetterId(String fromQueue, String body) {
        return "dead-letter:" + HexFormat.of().formatHex(ContentHash.sha256(fromQueue + "\n" + body), 0, 16);
    }

    /** Handles one task message; see {@link Disposition#DEAD_LETTER} for one it cannot read. */
    public Disposition handle(String body) {
        try {
            return run(TaskMessage.decode(body), body, null, null, ReadAlong.NOTHING);
        } catch (TaskMessage.UnknownVersion e) {
            LOG.warning("cannot read a task message, leaving it to be dead-lettered: " + e.getMessage());
            return Disposition.DEAD_LETTER;
        }
    }

    /** @param fromQueue the queue (priority channel) the message came from, where a held copy goes back; {@code null}: the default channel */
    private Disposition run(TaskMessage task, String body, String fromQueue, CoupledWrites.Acknowledgement ack, ReadAlong readAlong) {
        String token = task.token();
        // One owner per delivery: two copies of a message in one process must not both hold the claim. A delivery's
        // receipt names it; without one (a host that acknowledges by itself), a random suffix does.
        String owner = ack != null ? CoupledWrites.deliveryOwner(this.owner, ack.receipt()) : this.owner + "/" + random.uuid();
        Optional<ClaimResult> claimedOnReceive = readAlong instanceof ReadAlong.Claim c && c.owner().equals(owner)
                ? Optional.of(c.result()) : Optional.empty();
        Instant now = clock.instant();
        Optional<TaskGate.Hold> hold = gate.hold(task, now);
        Instant heldSince = HeldTask.since(body);
        if (hold.isPresent()) {
            if (claimedOnReceive.filter(ClaimResult.Claimed.class::isInstance).isPresent()) {
                claims.release(IdempotencyStore.taskKey(token), owner); // its held copy claims it when it comes back, not after this lease
            }
            // Held, not run: a copy comes back when it is to be asked again (its id names the round, so a
            // redelivery of this message makes the same copy), then this one is acknowledged.
            TaskGate.Hold h = hold.get();
            String executionId = io.sluice.orchestration.engine.TaskToken.executionIdOf(token);
            LOG.info(() -> "holding task " + task.stateName() + " of " + executionId + " until " + h.askAgain() + ": " + h.reason());
            if (heldSince == null) { // the first hold: a held copy carries when, for the release's event and metric
                observer.taskBlocked(task, fromQueue);
                if (emitsEvents) {
                    announce(task, ExecutionEvent.Kind.BLOCKED, h.reason(), now);
                }
                body = HeldTask.mark(body, now);
            }
            queue.send(fromQueue != null ? fromQueue : names.tasks(task.function()), new OutgoingMessage(body, Map.of(), executionId,
                    token + ":held:" + h.askAgain().toEpochMilli()), Duration.between(now, h.askAgain()).isNegative() ? Duration.ZERO
                    : Duration.between(now, h.askAgain()));
            return Disposition.ACKNOWLEDGE;
        }
        if (heldSince != null) {
            observer.taskReleased(task, fromQueue, Duration.between(heldSince, now));
            if (emitsEvents) {
                announce(task, ExecutionEvent.Kind.RELEASED, null, now);
            }
        }
        ClaimResult claim = claimedOnReceive.orElseGet(() -> claims.claim(IdempotencyStore.taskKey(token), owner, clock.instant(), lease));
        switch (claim) {
            case ClaimResult.Busy busy -> {
                return Disposition.RETRY_LATER;
            }
            case ClaimResult.Completed done -> {
                resultSend(task, Json.parse(done.result()), task.traceparent()).ifPresent(this::send);
                return Disposition.ACKNOWLEDGE;
            }
            case ClaimResult.Gone gone -> {
                LOG.info(() -> "dropping task " + task.stateName() + " (" + task.function() + ") of " + task.executionId()
                        + ": its execution has left the store, so this is a late delivery");
                return Disposition.ACKNOWLEDGE;
            }
            case ClaimResult.Claimed claimed -> { }
        }
        observer.taskDispatched(task, fromQueue, now);
        long started = observer.nanos();
        io.sluice.functions.observe.TraceSpan span = observer.running(task, fromQueue);
        ObjectNode result = null;
        try {
            result = invoke(task, owner);
        } finally { // the span stops being current on this thread whatever happens
            span.end(result == null ? "Sluice.WorkerCrashed" : result.path("error").asText(null));
        }
        observer.taskRan(task, fromQueue, result.has("error"), observer.nanos() - started);
        probe.reached(Boundary.AFTER_EFFECT_BEFORE_RESULT);
        Optional<CoupledWrites.Send> report = resultSend(task, result, span.traceparent());
        if (coupled != null && report.isPresent()) {
            if (!coupled.completeAndSend(IdempotencyStore.taskKey(token), owner, Json.write(result), clock.instant(), RETENTION, report.get(), ack)) {
                return Disposition.ACKNOWLEDGE; // our lease lapsed and another worker took the task over: its result counts
            }
            afterCompletion(task, result);
            return Disposition.ACKNOWLEDGE;
        }
        if (!claims.complete(IdempotencyStore.taskKey(token), owner, Json.write(result), clock.instant(), RETENTION)) {
            return Disposition.ACKNOWLEDGE; // our lease lapsed and another worker took the task over: its result counts
        }
        afterCompletion(task, result);
        report.ifPresent(this::send);
        return Disposition.ACKNOWLEDGE;
    }

    /** What follows a completed task besides its result: its lineage, and the failure listener when it failed. */
    private void afterCompletion(TaskMessage task, ObjectNode result) {
        recordLineage(task, result);
        if (result.has("error")) {
            notifyFailure(task, result.get("error").asText());
        }
    }

    /** A blocked or released event for the task's execution; its id names the task, so a redelivery sends the same event. */
    private void announce(TaskMessage task, ExecutionEvent.Kind kind, String reason, Instant now) {
        String executionId = task.executionId();
        String id = task.token() + "/" + kind.name().toLowerCase(java.util.Locale.ROOT);
        ExecutionEvent event = new ExecutionEvent(id, kind, executionId, io.sluice.functions.orchestrator.Orchestrator.pipelineOf(executionId),
                null, kind == ExecutionEvent.Kind.BLOCKED ? "HELD" : "RUNNING", null, reason, task.stateName(), 0, now);
        queue.send(names.events(), new OutgoingMessage(event.encode(), Map.of("executionId", executionId), executionId, id), Duration.ZERO);
    }

    /** A listener that throws must not cost the task its result. */
    private void notifyFailure(TaskMessage task, String error) {
        try {
            failures.failed(task.function(), error);
        } catch (RuntimeException e) {
            LOG.warning("the failure listener of task " + task.stateName() + " (" + task.function() + ") failed: " + e);
        }
    }

    /** Lineage is a record, not the task's effect: a failure to write it is logged, and the task's result stands. */
    private void recordLineage(TaskMessage task, ObjectNode result) {
        if (lineage == null || !result.has("output")) {
            return;
        }
        if (!(functions.find(task.function()).orElse(null) instanceof DatasetAware aware)) {
            return;
        }
        try {
            String executionId = io.sluice.orchestration.engine.TaskToken.executionIdOf(task.token());
            String pipeline = io.sluice.functions.orchestrator.Orchestrator.pipelineOf(executionId);
            Instant at = clock.instant();
            for (DatasetAware.Dataset d : aware.datasets(task.payload(), result.get("output"))) {
                lineage.record(new LineageLog.Use(d.name(), d.partition(), d.written() ? LineageLog.Direction.WRITE : LineageLog.Direction.READ,
                        executionId, pipeline, at));
            }
        } catch (RuntimeException e) {
            LOG.warning("could not record the lineage of task " + task.stateName() + " (" + task.function() + "): " + e);
        }
    }

    private ObjectNode invoke(TaskMessage task, String owner) {
        ObjectNode result = Json.object();
        Function<JsonNode, JsonNode> function = functions.find(task.function()).orElse(null);
        if (function == null) {
            return result.put("error", ErrorNames.RUNTIME)
                    .put("cause", "No function '" + task.function() + "' in this bundle (state '" + task.stateName() + "').");
        }
        try (LeaseKeeper keeper = LeaseKeeper.start(claims, timers, task, owner, clock, lease)) {
            TaskContext context = TaskContext.of(task, owners);
            JsonNode output = function instanceof TaskAware aware ? aware.apply(task.payload(), context)
                    : function.apply(task.payload());
            if (task.pattern() == IntegrationPattern.WAIT_FOR_TASK_TOKEN || function instanceof ReportsLater later && later.reportsLater(context)) {
                return result.put("callback", true);
            }
            if (LambdaInvoke.wrapsResult(task.resource(), task.function())) {
                // What Step Functions' lambda:invoke integration returns: the engine takes a task's result as the integration's response.
                output = LambdaInvoke.response(output);
            }
            return result.set("output", output == null ? Json.NODES.nullNode() : output);
        } catch (RuntimeException e) {
            ErrorMapping m = ErrorMapping.of(e);
            return result.put("error", m.error()).put("cause", m.cause()).put("retryable", m.retryable());
        }
    }

    /**
     * The message that takes the outcome to the orchestrator; none for a {@code .waitForTaskToken} task, whose outcome
     * comes later, by callback, nor for a {@link ReportsLater} function's task (a child execution's end, a map run's).
     */
    private Optional<CoupledWrites.Send> resultSend(TaskMessage task, JsonNode result, String traceparent) {
        if (result.path("callback").asBoolean(false)) {
            return Optional.empty();
        }
        String token = task.token();
        OrchestratorMessage message = result.has("error")
                ? new OrchestratorMessage.TaskResult(token, null, result.get("error").asText(), result.path("cause").asText(""), traceparent)
                : new OrchestratorMessage.TaskResult(token, result.get("output"), null, null, traceparent);
        return Optional.of(new CoupledWrites.Send(names.orchestrator(), OrchestratorSends.of(message, OrchestratorSends.resultId(token)),
                Duration.ZERO));
    }

    private void send(CoupledWrites.Send s) {
        queue.send(s.queue(), s.message(), s.delay());
    }
}
