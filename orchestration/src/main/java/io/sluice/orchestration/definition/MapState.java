package io.sluice.orchestration.definition;

import io.sluice.orchestration.path.ValueTemplate;

/**
 * An inline Map state: runs its item processor once per item of the array at ItemsPath (JSONata:
 * Items), at most {@code maxConcurrency} at a time ({@code 0}: no limit); its result is the array of
 * outputs in item order.
 */
public record MapState(String name, Selector inputPath, PathOrIntrinsic itemsPath, ValueTemplate itemSelector,
                       StateMachine processor, int maxConcurrency, PathOrIntrinsic maxConcurrencyPath,
                       ResultHandling result, Recovery recovery, String next, boolean usesContext,
                       Exit exit) implements State {}
