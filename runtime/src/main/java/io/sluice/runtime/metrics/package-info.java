/**
 * The runtime's metrics: its observations as Micrometer meters ({@link io.sluice.runtime.metrics.MicrometerObserver}), the
 * queues' backlog as gauges ({@link io.sluice.runtime.metrics.QueueGauges}) and a registry as CloudWatch embedded metric
 * format lines ({@link io.sluice.runtime.metrics.EmfLines}); the catalog of names is {@code functions}'
 * {@link io.sluice.functions.observe.SluiceMeters}.
 */
package io.sluice.runtime.metrics;
