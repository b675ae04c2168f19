package io.sluice.orchestration.definition;

import io.sluice.orchestration.error.ErrorNames;
import java.util.List;

/**
 * One Catch entry: the errors it handles, the state to go to, where the error output goes
 * (ResultPath, JSONPath) and what it assigns and outputs ({@code exit}: Assign, and Output in JSONata).
 * It lives with the definition (it names a state and a result path) rather than in {@code retry}.
 */
public record CatchPolicy(List<String> errorEquals, String next, ResultPath resultPath, Exit exit) {

    public CatchPolicy {
        errorEquals = List.copyOf(errorEquals);
    }

    public CatchPolicy(List<String> errorEquals, String next, ResultPath resultPath) {
        this(errorEquals, next, resultPath, Exit.NONE);
    }

    public boolean handles(String error) {
        return handles(error, ErrorNames.isTerminal(error));
    }

    /** Whether this entry handles {@code error}, terminal or not where it was raised ({@link ErrorNames#isTerminal(String, boolean)}). */
    public boolean handles(String error, boolean terminal) {
        for (String pattern : errorEquals) {
            if (ErrorNames.matches(pattern, error, terminal)) {
                return true;
            }
        }
        return false;
    }
}
