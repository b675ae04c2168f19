package io.sluice.orchestration.definition;

/** A Fail state: ends its machine with an error and a cause, given literally, by path, intrinsic call or JSONata. */
public record FailState(String name, String error, PathOrIntrinsic errorPath, String cause, PathOrIntrinsic causePath,
                        boolean usesContext, Exit exit) implements State {
    @Override
    public Selector inputPath() {
        return Selector.identity("InputPath");
    }
}
