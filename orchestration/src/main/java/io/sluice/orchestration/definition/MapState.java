package io.sluice.orchestration.definition;

import io.sluice.orchestration.path.DataPath;
import io.sluice.orchestration.path.PayloadTemplate;

/**
 * An inline Map state: runs its item processor once per item of the array at ItemsPath, at most
 * {@code maxConcurrency} at a time ({@code 0}: no limit); its result is the array of outputs in item order.
 */
public record MapState(String name, Selector inputPath, DataPath itemsPath, PayloadTemplate itemSelector,
                       StateMachine processor, int maxConcurrency, DataPath maxConcurrencyPath,
                       ResultHandling result, Recovery recovery, String next, boolean usesContext) implements State {}
