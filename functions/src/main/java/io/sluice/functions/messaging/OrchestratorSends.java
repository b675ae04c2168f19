package io.sluice.functions.messaging;

import io.sluice.orchestration.engine.TimerIds;
import io.sluice.orchestration.port.TaskQueue.OutgoingMessage;
import java.time.Instant;
import java.util.Map;

/**
 * How every sender puts a message on the orchestrator's queue: in the execution's group (so the
 * queue hands one execution's messages out one at a time, on every host), with a stable id (so a
 * resend is dropped by the queue) and the execution id as an attribute.
 */
public final class OrchestratorSends {
    private OrchestratorSends() {}

    /** {@code message}, deduplicated by {@code id} (a command id, a token's result, a timer's fire). */
    public static OutgoingMessage of(OrchestratorMessage message, String id) {
        String executionId = message.executionId();
        return new OutgoingMessage(MessageCodec.encode(message), Map.of("executionId", executionId), executionId, id);
    }

    /** The message a timer delivers when it fires; the same text wherever the timer is kept. */
    public static String timerFired(String executionId, String timerId) {
        return timerFired(executionId, timerId, null);
    }

    /**
     * As {@link #timerFired(String, String)}, carrying the traceparent of the span that set the timer (null: none). A
     * fire its timer's id says all of (an engine timer, {@code <execution id>.t<n>}, without a traceparent) is the empty
     * text: a timer index stores nothing beside the id and due time of what most sleeping executions wait on.
     */
    public static String timerFired(String executionId, String timerId, String traceparent) {
        if (traceparent == null && executionId.equals(TimerIds.executionOf(timerId))) {
            return "";
        }
        return MessageCodec.encode(new OrchestratorMessage.TimerFired(executionId, timerId, traceparent));
    }

    /** A fired timer's payload (see {@link #timerFired}) as a message; one id per timer and due time. */
    public static OutgoingMessage firedTimer(String payload, String timerId, Instant due) {
        OrchestratorMessage message;
        if (payload.isEmpty()) {
            String executionId = TimerIds.executionOf(timerId);
            if (executionId == null) {
                throw new IllegalArgumentException("timer " + timerId + ": an empty payload needs an id of the form <execution id>.t<n>");
            }
            message = new OrchestratorMessage.TimerFired(executionId, timerId, null);
        } else {
            message = MessageCodec.decode(payload);
        }
        return of(message, "timer:" + timerId + "@" + due.toEpochMilli());
    }

    /** The id of a task's outcome: one per token, so a replayed result is dropped by the queue. */
    public static String resultId(String token) {
        return "result:" + token;
    }
}
