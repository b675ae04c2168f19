package io.sluice.orchestration.definition;

import io.sluice.orchestration.path.ValueTemplate;

/**
 * A Map state. Inline, it runs its item processor once per item of the array at ItemsPath (JSONata:
 * Items), at most {@code maxConcurrency} at a time ({@code 0}: no limit), within the execution; its
 * result is the array of outputs in item order. Distributed ({@code distributed} not {@code null}),
 * its items run as child executions that a map run outside the engine starts and counts.
 */
public record MapState(String name, Selector inputPath, PathOrIntrinsic itemsPath, ValueTemplate itemSelector,
                       StateMachine processor, int maxConcurrency, PathOrIntrinsic maxConcurrencyPath,
                       ResultHandling result, Recovery recovery, String next, boolean usesContext,
                       Exit exit, DistributedMap distributed) implements State {}
