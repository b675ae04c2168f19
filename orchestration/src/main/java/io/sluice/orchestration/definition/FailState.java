package io.sluice.orchestration.definition;

import io.sluice.orchestration.path.DataPath;

/** A Fail state: ends its machine with an error and a cause, given literally or by path. */
public record FailState(String name, String error, DataPath errorPath, String cause, DataPath causePath,
                        boolean usesContext) implements State {
    @Override
    public Selector inputPath() {
        return Selector.identity("InputPath");
    }
}
