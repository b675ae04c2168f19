package io.sluice.orchestration.definition;

import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.retry.RetryPolicy;
import java.util.List;

/** A state's Retry and Catch lists, in declaration order (the first match wins). */
public record Recovery(List<RetryPolicy> retry, List<CatchPolicy> catchers) {
    public static final Recovery NONE = new Recovery(List.of(), List.of());

    public Recovery {
        retry = List.copyOf(retry);
        catchers = List.copyOf(catchers);
    }

    /**
     * The index of the first retrier that handles {@code error}, or -1. An error that comes out of a
     * Parallel branch or Map iteration ({@code fromBranch}) keeps its own name, and is also matched
     * by {@code States.BranchFailed}.
     */
    public int retrierFor(String error, boolean fromBranch) {
        return retrierFor(error, fromBranch, ErrorNames.isTerminal(error));
    }

    /** As {@link #retrierFor(String, boolean)}, for an error whose terminality its origin decides ({@link ErrorNames#isTerminal(String, boolean)}). */
    public int retrierFor(String error, boolean fromBranch, boolean terminal) {
        if (terminal) {
            return -1; // not even as States.BranchFailed: a branch's States.Runtime ends the execution
        }
        for (int i = 0; i < retry.size(); i++) {
            if (retry.get(i).handles(error, false) || fromBranch && retry.get(i).handles(ErrorNames.BRANCH_FAILED)) {
                return i;
            }
        }
        return -1;
    }

    /** The first catcher that handles {@code error}, or {@code null}; {@code fromBranch} as for {@link #retrierFor}. */
    public CatchPolicy catcherFor(String error, boolean fromBranch) {
        return catcherFor(error, fromBranch, ErrorNames.isTerminal(error));
    }

    /** As {@link #catcherFor(String, boolean)}, for an error whose terminality its origin decides. */
    public CatchPolicy catcherFor(String error, boolean fromBranch, boolean terminal) {
        if (terminal) {
            return null;
        }
        for (CatchPolicy c : catchers) {
            if (c.handles(error, false) || fromBranch && c.handles(ErrorNames.BRANCH_FAILED)) {
                return c;
            }
        }
        return null;
    }
}
