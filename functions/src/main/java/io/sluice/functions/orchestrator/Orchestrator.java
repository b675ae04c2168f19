package io.sluice.functions.orchestrator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.events.cloud.ExecutionEvent;
import io.sluice.functions.events.cloud.TransitionEvents;
import io.sluice.functions.hibernate.Hibernation;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.Traceparent;
import io.sluice.functions.observe.CallerTrace;
import io.sluice.functions.observe.RuntimeObserver;
import io.sluice.functions.observe.TraceSpan;
import io.sluice.functions.priority.Priority;
import io.sluice.functions.retention.Retention;
import io.sluice.functions.time.SystemRandom;
import io.sluice.functions.start.StartResult;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.engine.Command;
import io.sluice.orchestration.engine.CommandCodec;
import io.sluice.orchestration.engine.Event;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionCodec;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.engine.Interpreter;
import io.sluice.orchestration.engine.Transition;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.port.Commit;
import io.sluice.orchestration.port.CommitResult;
import io.sluice.orchestration.port.ReadAlong;
import io.sluice.orchestration.port.CoupledWrites;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.ExecutionSummary;
import io.sluice.orchestration.port.StoredExecution;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The orchestrator function: load the execution, let the interpreter decide, commit state, history
 * and outbox in one compare-and-set, and only then carry out the outbox. A crash before the commit
 * leaves the message unacknowledged (the queue redelivers it); a crash after it leaves the outbox for
 * the sweeper. No state lives in this object between calls.
 */
public final class Orchestrator {
    private static final int MAX_CONFLICTS = 20;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.:@-]{1,80}");
    /** A pipeline id has no ':', so an execution id names its pipeline unambiguously. */
    private static final Pattern PIPELINE = Pattern.compile("[A-Za-z0-9_.@-]{1,80}");

    private final ExecutionStore store;
    private final DefinitionCache definitions;
    private final OutboxDispatcher outbox;
    private final Clock clock;
    private final Boundary.Probe probe;
    private final Retention retention;
    private final boolean emitsEvents;
    private final RandomSource random;
    private final RuntimeObserver observer;
    private final Hibernation hibernation;

    /** An orchestrator that keeps every finished execution ({@link Retention#KEEP}). */
    public Orchestrator(ExecutionStore store, DefinitionCache definitions, OutboxDispatcher outbox, Clock clock, Boundary.Probe probe) {
        this(store, definitions, outbox, clock, probe, Retention.KEEP);
    }

    /** @param retention when a finished execution may leave the store (each finishing commit carries its deadline) */
    public Orchestrator(ExecutionStore store, DefinitionCache definitions, OutboxDispatcher outbox, Clock clock, Boundary.Probe probe,
                        Retention retention) {
        this(store, definitions, outbox, clock, probe, retention, false, SystemRandom.SECURE, RuntimeObserver.NONE, Hibernation.NONE);
    }

    private Orchestrator(ExecutionStore store, DefinitionCache definitions, OutboxDispatcher outbox, Clock clock, Boundary.Probe probe,
                         Retention retention, boolean emitsEvents, RandomSource random, RuntimeObserver observer, Hibernation hibernation) {
        this.hibernation = java.util.Objects.requireNonNull(hibernation, "hibernation");
        this.observer = java.util.Objects.requireNonNull(observer, "observer");
        this.emitsEvents = emitsEvents;
        this.random = java.util.Objects.requireNonNull(random, "random");
        this.store = store;
        this.definitions = definitions;
        this.outbox = outbox;
        this.clock = clock;
        this.probe = probe;
        this.retention = retention;
    }

    /**
     * This orchestrator, also putting the execution events of each commit (started, retried, succeeded, failed,
     * aborted: {@link TransitionEvents}) into its outbox, for the events queue; so they are sent once the commit
     * is, and re-sent by the sweeper after a crash, like every other command.
     */
    public Orchestrator withEvents() {
        return new Orchestrator(store, definitions, outbox, clock, probe, retention, true, random, observer, hibernation);
    }

    /**
     * This orchestrator, drawing its randomness from {@code random}: the secret part of task tokens, retry jitter,
     * {@code States.UUID} and {@code States.MathRandom}. Unpredictable by default ({@link SystemRandom#SECURE}); a test's
     * seeded source makes every token and jitter repeat. Replay needs none of it: a committed transition is stored.
     */
    public Orchestrator withRandom(RandomSource random) {
        return new Orchestrator(store, definitions, outbox, clock, probe, retention, emitsEvents, random, observer, hibernation);
    }

    /** This orchestrator, telling {@code observer} of each committed transition ({@link RuntimeObserver#NONE} by default). */
    public Orchestrator withObserver(RuntimeObserver observer) {
        return new Orchestrator(store, definitions, outbox, clock, probe, retention, emitsEvents, random, observer, hibernation);
    }

    /**
     * This orchestrator, putting each execution whose every wait is far away to sleep in the object store after its
     * commit ({@link Hibernation}); none by default.
     */
    public Orchestrator withHibernation(Hibernation hibernation) {
        return new Orchestrator(store, definitions, outbox, clock, probe, retention, emitsEvents, random, observer, hibernation);
    }

    /** The id of the execution named {@code name} of {@code pipeline}: names are unique per pipeline. */
    public static String executionId(String pipeline, String name) {
        return io.sluice.functions.tenancy.Tenancy.executionId(pipeline, name);
    }

    /** The pipeline of an execution id made by {@link #executionId}: the runtime's word for whose run it is. */
    public static String pipelineOf(String executionId) {
        return io.sluice.functions.tenancy.Tenancy.pipelineOf(executionId).orElseThrow(() ->
                new IllegalArgumentException("'" + executionId + "' is not a Sluice execution id (<pipeline>:<name>)"));
    }

    /** Starts an execution on the {@link Priority#DEFAULT} channel, idempotently by name. */
    public StartResult.Existing start(String pipeline, String name, Definition definition, JsonNode input) {
        return start(pipeline, name, definition, input, Priority.DEFAULT);
    }

    /**
     * Starts an execution on channel {@code priority}, idempotently by name. The priority is stored with the
     * execution ({@link #PRIORITY} in its state) and given to every task it dispatches.
     */
    public StartResult.Existing start(String pipeline, String name, Definition definition, JsonNode input, Priority priority) {
        return start(pipeline, name, definition, input, priority, null);
    }

    /**
     * As {@link #start(String, String, Definition, JsonNode, Priority)}, for a start through a version or alias ARN:
     * {@code startedThrough} (its qualifier, see {@link #STARTED_THROUGH}) is kept in the execution's state.
     */
    public StartResult.Existing start(String pipeline, String name, Definition definition, JsonNode input, Priority priority,
                                      String startedThrough) {
        if (!PIPELINE.matcher(pipeline).matches() || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a pipeline id must be 1-80 characters of letters, digits and _ . @ -, and an execution"
                    + " name 1-80 of those and ':'; got '" + pipeline + "' and '" + name + "'");
        }
        String id = executionId(pipeline, name);
        // No read first: the commit expects no execution (version 0), so a name in use is its conflict,
        // and a start costs one round trip to the store instead of two.
        Interpreter interpreter = definitions.register(definition);
        TraceSpan span = observer.starting(pipeline, id, priority, CallerTrace.current());
        String error = null;
        try {
            Instant now = clock.instant();
            Transition t = interpreter.start(pipeline, id, name, input, now, random);
            Prepared prepared = prepare(pipeline, t.execution(), priority, startedThrough, t, List.of(), 0, now, span.traceparent(),
                    span.traceparent());
            Commit commit = prepared.commit();
            probe.reached(Boundary.BEFORE_COMMIT);
            return switch (outbox.commit(commit, prepared.written(), true, probe, null)) {
                case CommitResult.Committed c -> {
                    observer.committed(pipeline, priority, t.execution(), t.history());
                    hibernation.afterCommit(commit, c.version(), t, now);
                    yield new StartResult.Started(commit.summary());
                }
                case CommitResult.Conflict c -> existingResult(store.load(id).map(StoredExecution::summary).or(() -> store.retired(id))
                        .orElseThrow(() -> new ConcurrentModificationException("execution " + id + " conflicted at start and is gone; retry")));
            };
        } catch (RuntimeException e) {
            error = e.getClass().getSimpleName();
            throw e;
        } finally {
            span.end(error);
        }
    }

    private static StartResult.Existing existingResult(ExecutionSummary summary) {
        return ExecutionStatus.valueOf(summary.status()) == ExecutionStatus.RUNNING
                ? new StartResult.AlreadyRunning(summary) : new StartResult.NameTaken(summary);
    }

    /**
     * Applies one message. Returns the outcome; throws when the message cannot be applied now (the
     * host leaves it unacknowledged, so it is redelivered and, if it keeps failing, dead-lettered).
     */
    public Outcome handle(OrchestratorMessage message) {
        return handle(message, null);
    }

    /**
     * As {@link #handle(OrchestratorMessage)}; {@code ack}, if given, is the message's acknowledgement, which the commit
     * that applies it makes along with itself where the store and the queue share a server ({@link CoupledWrites}): the
     * host acknowledges the message only if it is not {@link CoupledWrites.Acknowledgement#done() done} afterwards.
     */
    public Outcome handle(OrchestratorMessage message, CoupledWrites.Acknowledgement ack) {
        return handle(message, ack, ReadAlong.NOTHING);
    }

    /**
     * As {@link #handle(OrchestratorMessage, CoupledWrites.Acknowledgement)}, starting from what the receive read along
     * ({@link CoupledWrites#readOnReceive}): a {@link ReadAlong.Execution} of this message's execution is the first
     * attempt's load (a commit on a version that moved on since fails its check, and the next attempt loads afresh).
     */
    public Outcome handle(OrchestratorMessage message, CoupledWrites.Acknowledgement ack, ReadAlong readAlong) {
        String id = message.executionId();
        Optional<Optional<StoredExecution>> readOnReceive = readAlong instanceof ReadAlong.Execution e ? e.of(id) : Optional.empty();
        if (message instanceof OrchestratorMessage.Heartbeat && !readOnReceive.map(r -> r.isPresent() && !r.get().stub()).orElse(false)) {
            // A heartbeat reads without waking: a sleeping execution is decided on its object's state, an awake one's read
            // is the first attempt's load (no read more than any other message).
            Optional<StoredExecution> read = store.load(id);
            if (read.isPresent() && read.get().asleep()) {
                Optional<Outcome> kept = heartbeatAsleep(id, read.get(), message);
                if (kept.isPresent()) {
                    return kept.get();
                }
                readOnReceive = Optional.empty(); // it must wake: the loop loads it for the change
            } else {
                readOnReceive = Optional.of(read);
            }
        }
        TraceSpan span = TraceSpan.NONE;
        String error = null;
        try {
            for (int attempt = 0; attempt < MAX_CONFLICTS; attempt++) {
                // What the receive read along is the first attempt's load (a sleeping execution's stub is woken from).
                Optional<StoredExecution> loaded = attempt > 0 || readOnReceive.isEmpty() ? store.loadForChange(id)
                        : readOnReceive.get().flatMap(store::loadForChange);
                if (loaded.isEmpty()) {
                    return new Outcome(id, null, "no execution " + id);
                }
                StoredExecution stored = loaded.get();
                JsonNode state = Json.parse(stored.state());
                Execution execution = ExecutionCodec.decode(state);
                restoreServiceEvents(state, execution);
                if (message instanceof OrchestratorMessage.TimerFired f && !execution.timers().containsKey(f.timerId())) {
                    // A cancelled (or already fired) timer: nothing to decide and nothing to record, so no commit.
                    return new Outcome(id, execution.status(), "timer " + f.timerId() + " was cancelled or has fired already");
                }
                String trace = Traceparent.of(state);
                if (attempt == 0) {
                    span = observer.applying(message, trace);
                }
                Instant now = clock.instant();
                Transition t = definitions.interpreter(execution.definitionHash())
                        .apply(execution, event(message), now, random);
                Priority priority = priorityOf(state);
                // An execution started untraced takes its first traced message's span as its trace's.
                Prepared prepared = prepare(stored.summary().pipeline(), execution, priority, startedThroughOf(state), t, stored.outbox(),
                        stored.version(), now, trace != null ? trace : span.traceparent(), span.traceparent());
                Commit commit = prepared.commit();
                probe.reached(Boundary.BEFORE_COMMIT);
                // A dropped event (a late or duplicate result) only adds a history line. Re-sending the outbox it carried
                // over would turn every duplicate into more duplicates; its writer or the sweeper sends it.
                if (outbox.commit(commit, prepared.written(), !t.wasDropped(), probe, ack) instanceof CommitResult.Committed c) {
                    observer.committed(stored.summary().pipeline(), priority, t.execution(), t.history());
                    hibernation.afterCommit(commit, c.version(), t, now);
                    return new Outcome(id, execution.status(), t.dropped());
                }
            }
        } catch (RuntimeException e) {
            error = e.getClass().getSimpleName();
            throw e;
        } finally {
            span.end(error);
        }
        throw new ConcurrentModificationException("execution " + id + " changed under " + MAX_CONFLICTS + " attempts in a row; retry the message");
    }

    /**
     * A heartbeat of a sleeping execution's callback task does not wake it: decided on the state it sleeps with, a heartbeat
     * only moves the task's heartbeat timer (no history, no change of state), which is done at once, outside any commit.
     * Anything else it would do (a token it does not know, which records a dropped event) goes the usual way.
     */
    private Optional<Outcome> heartbeatAsleep(String id, StoredExecution asleep, OrchestratorMessage message) {
        JsonNode state = Json.parse(asleep.state());
        Execution execution = ExecutionCodec.decode(state);
        restoreServiceEvents(state, execution);
        JsonNode before = ExecutionCodec.encode(execution);
        Transition t = definitions.interpreter(execution.definitionHash()).apply(execution, event(message), clock.instant(), random);
        if (!t.history().isEmpty() || t.wasDropped() || !t.commands().stream().allMatch(c -> c instanceof Command.StartTimer)
                || !before.equals(ExecutionCodec.encode(t.execution()))) {
            return Optional.empty();
        }
        t.commands().forEach(c -> outbox.moveTimer(id, (Command.StartTimer) c, Traceparent.of(state)));
        return Optional.of(new Outcome(id, execution.status(), null));
    }

    /** What one message did: the execution's status after it, and why it was dropped, if it was. */
    public record Outcome(String executionId, ExecutionStatus status, String dropped) {}

    private static Event event(OrchestratorMessage m) {
        return switch (m) {
            case OrchestratorMessage.TaskResult r -> r.succeeded() ? new Event.TaskSucceeded(r.token(), r.output())
                    : new Event.TaskFailed(r.token(), r.error(), r.cause());
            case OrchestratorMessage.Heartbeat h -> new Event.TaskHeartbeat(h.token());
            case OrchestratorMessage.TimerFired f -> new Event.TimerFired(f.timerId());
            case OrchestratorMessage.Stop s -> new Event.Stop(s.error(), s.cause());
            case OrchestratorMessage.Redrive r -> new Event.Redrive();
            case OrchestratorMessage.Abandon a -> new Event.Fail(a.error(), a.cause());
        };
    }

    /** The field of a stored execution's state that holds its priority; a state without one (older) is on {@link Priority#DEFAULT}. */
    public static final String PRIORITY = "priority";

    /** The priority stored in an execution's state ({@link #PRIORITY}). */
    public static Priority priorityOf(JsonNode state) {
        return Priority.find(state.path(PRIORITY).asText(null)).orElse(Priority.DEFAULT);
    }

    /**
     * The field of a stored execution's state that holds the qualifier of the version or alias ARN it was started through:
     * {@code 3} (version 3's ARN) or {@code live:3} (alias {@code live}, which chose version 3); absent for any other start.
     */
    public static final String STARTED_THROUGH = "startedThrough";

    /**
     * The fields of a stored execution's state that keep the count of the history events Step Functions would show
     * ({@link Execution#serviceEvents()}) and, per live frame, the id of its state's StateEntered event: what a state's
     * States.Runtime cause names ("entered at the event id #N"). Beside the codec's format, as the priority is; a state
     * without them (older) counts from 0.
     */
    public static final String SERVICE_EVENTS = "serviceEvents";
    public static final String ENTERED_EVENTS = "enteredEvents";

    private static void storeServiceEvents(ObjectNode state, Execution e) {
        state.put(SERVICE_EVENTS, e.serviceEvents());
        ObjectNode entered = state.putObject(ENTERED_EVENTS);
        for (io.sluice.orchestration.engine.Frame f : e.frames()) {
            entered.put(String.valueOf(f.id()), f.enteredEvent());
        }
    }

    private static void restoreServiceEvents(JsonNode state, Execution e) {
        e.restoreServiceEvents(state.path(SERVICE_EVENTS).asLong());
        state.path(ENTERED_EVENTS).properties().forEach(f -> e.restoreEnteredEvent(Integer.parseInt(f.getKey()), f.getValue().asLong()));
    }

    /** The qualifier stored in an execution's state ({@link #STARTED_THROUGH}), or {@code null}. */
    public static String startedThroughOf(JsonNode state) {
        return state.hasNonNull(STARTED_THROUGH) ? state.get(STARTED_THROUGH).asText() : null;
    }

    /**
     * The outbox carries over anything an earlier commit left unsent, so a newer commit never loses it. {@code trace} is the
     * execution's trace (its start span's traceparent, kept in its state as {@link Traceparent#FIELD}), {@code sentBy} the
     * span whose commands these are (both null when not traced).
     */
    private Prepared prepare(String pipeline, Execution e, Priority priority, String startedThrough, Transition t, List<String> unsent,
                             long expectedVersion, Instant now, String trace, String sentBy) {
        List<OutboxDispatcher.Written> written = new ArrayList<>();
        long version = expectedVersion + 1;
        for (int i = 0; i < t.commands().size(); i++) {
            written.add(OutboxDispatcher.written(t.commands().get(i), e.id() + "/" + version + "/" + i, priority, sentBy));
        }
        if (emitsEvents) {
            for (ExecutionEvent event : TransitionEvents.of(pipeline, e, t.history(), e.id() + "/" + version)) {
                written.add(OutboxDispatcher.written(event));
            }
        }
        List<String> out = new ArrayList<>(unsent);
        written.forEach(w -> out.add(w.entry()));
        List<String> history = t.history().stream().map(h -> Json.write(CommandCodec.encode(h))).toList();
        ExecutionSummary summary = new ExecutionSummary(e.id(), pipeline, e.name(), e.status().name(), e.definitionHash(),
                e.startTime(), e.stopTime(), io.sluice.functions.events.FinishedExecution.partitionOf(e.input()));
        ObjectNode state = ExecutionCodec.encode(e);
        state.put(PRIORITY, priority.name());
        storeServiceEvents(state, e);
        if (startedThrough != null) {
            state.put(STARTED_THROUGH, startedThrough);
        }
        if (trace != null) {
            state.put(Traceparent.FIELD, trace);
        }
        return new Prepared(new Commit(summary, Json.write(state), history, out, expectedVersion, now,
                retention.retainUntil(pipeline, e.status(), e.stopTime())), written);
    }

    /** A commit and the entries it adds to its outbox as they were written (its sends are made from them). */
    private record Prepared(Commit commit, List<OutboxDispatcher.Written> written) {}
}
