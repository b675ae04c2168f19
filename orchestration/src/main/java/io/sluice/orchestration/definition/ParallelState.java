package io.sluice.orchestration.definition;

import io.sluice.orchestration.path.ValueTemplate;
import java.util.List;

/** A Parallel state: runs every branch on the same input; its result is the array of branch outputs. */
public record ParallelState(String name, Selector inputPath, ValueTemplate parameters, List<StateMachine> branches,
                            ResultHandling result, Recovery recovery, String next, boolean usesContext,
                            Exit exit) implements State {
    public ParallelState {
        branches = List.copyOf(branches);
    }
}
