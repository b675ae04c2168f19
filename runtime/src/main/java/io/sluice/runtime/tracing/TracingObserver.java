package io.sluice.runtime.tracing;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.TaskMessage;
import io.sluice.functions.observe.RuntimeObserver;
import io.sluice.functions.observe.TraceSpan;
import io.sluice.functions.priority.Priority;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.engine.HistoryEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The runtime's observations as OpenTelemetry spans ({@link SpanNames}), over the observer it decorates (the metrics, or
 * {@link RuntimeObserver#NONE}), which is told everything as before. One trace per execution: its start span is the root
 * (or a child of the parent execution's task that started it); each message the orchestrator applies is a child of the
 * span that sent it, each state entered a child of the span that entered it, each task run a child of the span that
 * dispatched it; the spans' traceparents travel in the messages between processes.
 */
public final class TracingObserver implements RuntimeObserver {
    private final Tracer tracer;
    private final RuntimeObserver inner;

    public TracingObserver(Tracer tracer, RuntimeObserver inner) {
        this.tracer = Objects.requireNonNull(tracer, "tracer");
        this.inner = Objects.requireNonNull(inner, "inner");
    }

    @Override
    public TraceSpan starting(String pipeline, String executionId, Priority priority, String parentTraceparent) {
        return new OtelSpan(tracer.spanBuilder(SpanNames.START).setParent(OtelSpan.parent(parentTraceparent, Context.current()))
                .setAttribute(SpanNames.PIPELINE, pipeline).setAttribute(SpanNames.EXECUTION, executionId)
                .setAttribute(SpanNames.CHANNEL, priority.name()).startSpan());
    }

    @Override
    public TraceSpan applying(OrchestratorMessage message, String executionTraceparent) {
        String parent = message.traceparent() != null ? message.traceparent() : executionTraceparent;
        String type = type(message);
        String executionId = message.executionId();
        return new OtelSpan(tracer.spanBuilder(SpanNames.APPLY + " " + type).setSpanKind(SpanKind.CONSUMER)
                .setParent(OtelSpan.parent(parent, Context.root()))
                .setAttribute(SpanNames.PIPELINE, executionId.substring(0, Math.max(0, executionId.indexOf(':'))))
                .setAttribute(SpanNames.EXECUTION, executionId).setAttribute(SpanNames.MESSAGE, type).startSpan());
    }

    @Override
    public TraceSpan running(TaskMessage task, String fromQueue) {
        String executionId = task.executionId();
        var span = tracer.spanBuilder(SpanNames.TASK + " " + task.function()).setSpanKind(SpanKind.CONSUMER)
                .setParent(OtelSpan.parent(task.traceparent(), Context.root()))
                .setAttribute(SpanNames.PIPELINE, executionId.substring(0, Math.max(0, executionId.indexOf(':'))))
                .setAttribute(SpanNames.EXECUTION, executionId).setAttribute(SpanNames.FUNCTION, task.function())
                .setAttribute(SpanNames.STATE_NAME, task.stateName()).setAttribute(SpanNames.ATTEMPT, (long) task.attempt());
        if (fromQueue != null) {
            span.setAttribute(SpanNames.QUEUE, fromQueue);
        }
        return new OtelSpan(span.startSpan());
    }

    /** Each state the commit entered, as a span at its time under the span applying the message (or starting the run). */
    @Override
    public void committed(String pipeline, Priority priority, Execution execution, List<HistoryEvent> history) {
        inner.committed(pipeline, priority, execution, history);
        Span current = Span.current();
        if (!current.getSpanContext().isValid()) {
            return;
        }
        Context parent = Context.current();
        for (HistoryEvent h : history) {
            if (h.type() == HistoryEvent.Type.STATE_ENTERED && h.state() != null) {
                tracer.spanBuilder(SpanNames.STATE + " " + h.state()).setParent(parent).setStartTimestamp(h.at())
                        .setAttribute(SpanNames.STATE_NAME, h.state()).setAttribute(SpanNames.EXECUTION, execution.id())
                        .startSpan().end(h.at());
            }
        }
        if (execution.status() != ExecutionStatus.RUNNING) {
            current.setAttribute(SpanNames.STATUS, execution.status().name());
        }
    }

    private static String type(OrchestratorMessage m) {
        return switch (m) {
            case OrchestratorMessage.TaskResult r -> r.succeeded() ? "taskSucceeded" : "taskFailed";
            case OrchestratorMessage.Heartbeat h -> "heartbeat";
            case OrchestratorMessage.TimerFired t -> "timer";
            case OrchestratorMessage.Stop s -> "stop";
            case OrchestratorMessage.Redrive r -> "redrive";
            case OrchestratorMessage.Abandon a -> "abandon";
        };
    }

    @Override
    public void taskRan(TaskMessage task, String fromQueue, boolean failed, long nanos) {
        inner.taskRan(task, fromQueue, failed, nanos);
    }

    @Override
    public void taskDispatched(TaskMessage task, String fromQueue, Instant now) {
        inner.taskDispatched(task, fromQueue, now);
    }

    @Override
    public void timerFired(Duration lag) {
        inner.timerFired(lag);
    }

    @Override
    public void scheduleFired(Duration lag) {
        inner.scheduleFired(lag);
    }

    @Override
    public void deadLettered(String sourceQueue) {
        inner.deadLettered(sourceQueue);
    }

    @Override
    public void taskBlocked(TaskMessage task, String fromQueue) {
        inner.taskBlocked(task, fromQueue);
    }

    @Override
    public void taskReleased(TaskMessage task, String fromQueue, Duration held) {
        inner.taskReleased(task, fromQueue, held);
    }

    @Override
    public void upstreamRecorded(String dependent, boolean met) {
        inner.upstreamRecorded(dependent, met);
    }

    @Override
    public void dependenciesReleased(int count) {
        inner.dependenciesReleased(count);
    }

    @Override
    public void retentionBacklog(int executions) {
        inner.retentionBacklog(executions);
    }

    @Override
    public long nanos() {
        return inner.nanos();
    }
}
