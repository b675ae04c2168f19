package io.sluice.functions.observe;

/**
 * A span of an execution's trace as the runtime sees it: opened by a {@link RuntimeObserver} hook, current on the thread
 * that opened it until {@link #end}, and named to other processes by its W3C {@link #traceparent()}, which every message
 * it causes carries. {@link #NONE} (tracing off) is one shared object whose methods do nothing.
 */
public interface TraceSpan {
    /** No span: tracing is off. */
    TraceSpan NONE = new TraceSpan() { };

    /** This span as a W3C {@code traceparent} ({@link io.sluice.functions.messaging.Traceparent}), for the messages it sends; null when not traced. */
    default String traceparent() {
        return null;
    }

    /** Ends the span (and its being current); {@code error}, if not null, is the error name it ended with (no cause, no data). */
    default void end(String error) { }
}
