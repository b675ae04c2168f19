/**
 * The runtime's traces: its observations as OpenTelemetry spans ({@link io.sluice.runtime.tracing.TracingObserver}), one
 * trace per execution carried across processes in the messages' W3C {@code traceparent}, and the process's SDK as the
 * standard {@code OTEL_*} variables configure it ({@link io.sluice.runtime.tracing.ProcessTracing}). {@code RuntimeBuilder}
 * composes them, so every host traces the same way.
 */
package io.sluice.runtime.tracing;
