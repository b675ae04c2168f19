package io.sluice.orchestration.definition;

import io.sluice.orchestration.path.PayloadTemplate;
import java.util.List;

/** A Parallel state: runs every branch on the same input; its result is the array of branch outputs. */
public record ParallelState(String name, Selector inputPath, PayloadTemplate parameters, List<StateMachine> branches,
                            ResultHandling result, Recovery recovery, String next, boolean usesContext) implements State {
    public ParallelState {
        branches = List.copyOf(branches);
    }
}
