/**
 * Starting an execution: one {@link io.sluice.functions.start.ExecutionStarter}, one outcome
 * ({@link io.sluice.functions.start.StartResult}), used by every trigger and the HTTP API. It depends
 * on no other package of {@code functions} but {@code priority} (a value), so triggers and the orchestrator can both use it without a cycle.
 */
package io.sluice.functions.start;
