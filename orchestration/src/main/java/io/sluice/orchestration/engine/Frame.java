package io.sluice.orchestration.engine;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * One thread of control: the top level (frame 0), a branch of a Parallel state, or one iteration of
 * a Map state. It stands in one state at a time and waits for at most one thing.
 */
public final class Frame {
    /** What a frame is waiting for between events. */
    public enum Waiting { NOTHING, TASK, TIMER, RETRY, CHILDREN }

    private final int id;
    private final int parentId;
    private final int indexInParent;
    private final String machineKey;
    String state;
    JsonNode rawInput;
    Instant enteredTime;
    /** The id of the service's StateEntered event of the current state (see {@link ServiceEvents}). */
    long enteredEvent;
    long step;
    int attempt;
    int[] retries = NO_RETRIES;
    Waiting waiting = Waiting.NOTHING;
    TaskToken token;
    String timeoutTimer;
    String heartbeatTimer;
    Integer heartbeatSeconds;
    Join join;
    /** The workflow variables this frame's scope has assigned ({@code null} until the first); see {@link Variables}. */
    java.util.Map<String, JsonNode> variables;
    /** Their total size in bytes of JSON. */
    long variableBytes;

    private static final int[] NO_RETRIES = new int[0];

    Frame(int id, int parentId, int indexInParent, String machineKey) {
        this.id = id;
        this.parentId = parentId;
        this.indexInParent = indexInParent;
        this.machineKey = machineKey;
    }

    public int id() { return id; }
    /** The frame that runs the Parallel or Map state this frame belongs to, or -1 for the top level. */
    public int parentId() { return parentId; }
    /** The branch index or item index within the parent. */
    public int indexInParent() { return indexInParent; }
    public String machineKey() { return machineKey; }
    public String state() { return state; }
    public JsonNode rawInput() { return rawInput; }
    public Instant enteredTime() { return enteredTime; }
    public long step() { return step; }
    /** The id the service's history gives the current state's StateEntered event. */
    public long enteredEvent() { return enteredEvent; }
    /** Retries of the current state so far ({@code $$.State.RetryCount}). */
    public int attempt() { return attempt; }
    public Waiting waiting() { return waiting; }
    public TaskToken token() { return token; }
    public Join join() { return join; }
    /** The variables assigned in this frame's own scope, by name (empty when none). */
    public java.util.Map<String, JsonNode> variables() { return variables == null ? java.util.Map.of() : java.util.Collections.unmodifiableMap(variables); }

    void resetForState(String name, JsonNode input, Instant now) {
        state = name;
        rawInput = input;
        enteredTime = now;
        step++;
        attempt = 0;
        retries = NO_RETRIES;
        clearWaiting();
    }

    /** Runs the current state again from its raw input, as a new step with fresh retry counts. */
    void resetForRedrive() {
        step++;
        attempt = 0;
        retries = NO_RETRIES;
        clearWaiting();
    }

    void clearWaiting() {
        waiting = Waiting.NOTHING;
        token = null;
        timeoutTimer = null;
        heartbeatTimer = null;
        heartbeatSeconds = null;
        join = null;
    }

    int retriesOf(int retrier, int retrierCount) {
        if (retries.length < retrierCount) {
            retries = java.util.Arrays.copyOf(retries, retrierCount);
        }
        return retries[retrier];
    }

    void countRetry(int retrier) {
        retries[retrier]++;
        attempt++;
    }
}
