package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The state of one execution between events: where each thread of control stands and which
 * timers are live. The interpreter changes the execution it is given, so a host loads a fresh copy
 * for each event (the durable orchestrator loads it from the store; the express runner owns it).
 */
public final class Execution {
    private final String id;
    private final String name;
    private final String machine;
    private final String definitionHash;
    private final JsonNode input;
    private final Instant startTime;
    private ExecutionStatus status = ExecutionStatus.RUNNING;
    private JsonNode output;
    private String error;
    private String cause;
    private Instant stopTime;
    private final Map<Integer, Frame> frames = new LinkedHashMap<>();
    private final Map<String, TimerRef> timers = new LinkedHashMap<>();
    private int nextFrameId;
    private long nextTimerSeq;
    private long transitions;
    private int redrives;
    /** The events Step Functions would have shown in the history so far (see {@link ServiceEvents}). */
    private long serviceEvents;

    public Execution(String id, String name, String definitionHash, JsonNode input, Instant startTime) {
        this(id, name, null, definitionHash, input, startTime);
    }

    /**
     * @param machine the name of the state machine (the pipeline) the execution runs, as the host knows it:
     *                {@code $$.StateMachine.Name}; {@code null} when the host names none
     */
    public Execution(String id, String name, String machine, String definitionHash, JsonNode input, Instant startTime) {
        this.id = id;
        this.name = name;
        this.machine = machine;
        this.definitionHash = definitionHash;
        this.input = input;
        this.startTime = startTime;
    }

    public String id() { return id; }
    public String name() { return name; }
    /** The state machine's (pipeline's) name as the host gave it, or {@code null}. */
    public String machine() { return machine; }
    public String definitionHash() { return definitionHash; }
    public JsonNode input() { return input; }
    public Instant startTime() { return startTime; }
    public ExecutionStatus status() { return status; }
    public JsonNode output() { return output; }
    public String error() { return error; }
    public String cause() { return cause; }
    public Instant stopTime() { return stopTime; }

    /** States entered so far, across all frames. */
    public long transitions() { return transitions; }

    public Collection<Frame> frames() { return frames.values(); }
    public Frame frame(int frameId) { return frames.get(frameId); }
    public Map<String, TimerRef> timers() { return timers; }

    Frame newFrame(int parentId, int indexInParent, String machineKey) {
        Frame f = new Frame(nextFrameId++, parentId, indexInParent, machineKey);
        frames.put(f.id(), f);
        return f;
    }

    void restoreFrame(Frame frame) {
        frames.put(frame.id(), frame);
    }

    void removeFrame(int frameId) {
        frames.remove(frameId);
    }

    String newTimerId() {
        return TimerIds.of(id, nextTimerSeq++);
    }

    /** Counts {@code n} more service history events and gives the id of the last. */
    long countServiceEvents(int n) {
        return serviceEvents += n;
    }

    /** The events Step Functions would have shown in this execution's history so far. */
    public long serviceEvents() { return serviceEvents; }

    /** Restores the count of service events of a stored execution (used by the host that stores it). */
    public void restoreServiceEvents(long count) {
        this.serviceEvents = count;
    }

    /** Restores the id of frame {@code frameId}'s StateEntered event, if the frame is live (used by the host that stores it). */
    public void restoreEnteredEvent(int frameId, long event) {
        Frame f = frames.get(frameId);
        if (f != null) {
            f.enteredEvent = event;
        }
    }

    void countTransition() {
        transitions++;
    }

    void finish(ExecutionStatus status, JsonNode output, String error, String cause, Instant at) {
        this.status = status;
        this.output = output;
        this.error = error;
        this.cause = cause;
        this.stopTime = at;
        if (status == ExecutionStatus.SUCCEEDED) {
            frames.clear();
        }
    }

    /** Back to RUNNING for a redrive; only the top-level frame is kept. */
    void reopen() {
        status = ExecutionStatus.RUNNING;
        output = null;
        error = null;
        cause = null;
        stopTime = null;
        redrives++;
        frames.values().removeIf(f -> f.parentId() >= 0);
    }

    /** How many times the execution was redriven. */
    public int redriveCount() { return redrives; }

    /** Restores the counters of a stored execution (used by codecs). */
    public void restoreCounters(int nextFrameId, long nextTimerSeq, long transitions, int redrives) {
        this.redrives = redrives;
        this.nextFrameId = nextFrameId;
        this.nextTimerSeq = nextTimerSeq;
        this.transitions = transitions;
    }

    public int nextFrameId() { return nextFrameId; }
    public long nextTimerSeq() { return nextTimerSeq; }

    /** A live timer and what it is for; a fired timer that is no longer here is stale and ignored. */
    public record TimerRef(int frame, Kind kind, long step) {
        public enum Kind { WAIT, RETRY, TASK_TIMEOUT, HEARTBEAT, EXECUTION_TIMEOUT }
    }
}
