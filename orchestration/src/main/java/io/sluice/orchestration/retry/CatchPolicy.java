package io.sluice.orchestration.retry;

import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.definition.ResultPath;
import java.util.List;

/** One Catch entry: the errors it handles, the state to go to, and where the error object goes. */
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
