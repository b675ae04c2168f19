/**
 * What the runtime reports as it runs ({@link io.sluice.functions.observe.RuntimeObserver}): the hooks the orchestrator, the
 * worker harness and the tick call, with no metrics library behind them here; {@code runtime} composes the Micrometer one.
 */
package io.sluice.functions.observe;
