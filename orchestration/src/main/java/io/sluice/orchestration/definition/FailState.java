package io.sluice.orchestration.definition;

/** A Fail state: ends its machine with an error and a cause, given literally, by path or by intrinsic call. */
public record FailState(String name, String error, PathOrIntrinsic errorPath, String cause, PathOrIntrinsic causePath,
                        boolean usesContext) implements State {
    @Override
    public Selector inputPath() {
        return Selector.identity("InputPath");
    }
}
