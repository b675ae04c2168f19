package io.sluice.orchestration.definition;

import io.sluice.orchestration.error.ErrorNames;
import java.util.List;

/**
 * One Catch entry: the errors it handles, the state to go to, and where the error object goes. It
 * lives with the definition (it names a state and a result path) rather than in {@code retry},
 * whose values need nothing of the definition.
 */
public record CatchPolicy(List<String> errorEquals, String next, ResultPath resultPath) {

    public CatchPolicy {
        errorEquals = List.copyOf(errorEquals);
    }

    public boolean handles(String error) {
        for (String pattern : errorEquals) {
            if (ErrorNames.matches(pattern, error)) {
                return true;
            }
        }
        return false;
    }
}
