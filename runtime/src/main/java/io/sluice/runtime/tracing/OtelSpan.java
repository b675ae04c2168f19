package io.sluice.runtime.tracing;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.sluice.functions.messaging.Traceparent;
import io.sluice.functions.observe.TraceSpan;

/** An OpenTelemetry span as the runtime holds it: current on its thread from its start until {@link #end}. */
final class OtelSpan implements TraceSpan {
    private final Span span;
    private final Scope scope;
    private final String traceparent;

    OtelSpan(Span span) {
        this.span = span;
        this.scope = span.makeCurrent();
        this.traceparent = traceparent(span.getSpanContext());
    }

    @Override
    public String traceparent() {
        return traceparent;
    }

    @Override
    public void end(String error) {
        if (error != null) {
            span.setAttribute(SpanNames.ERROR, error);
            span.setStatus(StatusCode.ERROR, error);
        }
        scope.close();
        span.end();
    }

    /** {@code context} as a W3C traceparent, or null when it is not valid. */
    static String traceparent(SpanContext context) {
        return context.isValid() ? "00-" + context.getTraceId() + "-" + context.getSpanId() + "-" + context.getTraceFlags().asHex() : null;
    }

    /** The context whose remote parent is {@code traceparent}, or {@code orElse} when it is null or not a valid one. */
    static Context parent(String traceparent, Context orElse) {
        String valid = Traceparent.valid(traceparent);
        if (valid == null) {
            return orElse;
        }
        SpanContext remote = SpanContext.createFromRemoteParent(valid.substring(3, 35), valid.substring(36, 52),
                TraceFlags.fromHex(valid, 53), TraceState.getDefault());
        return Context.root().with(Span.wrap(remote));
    }
}
