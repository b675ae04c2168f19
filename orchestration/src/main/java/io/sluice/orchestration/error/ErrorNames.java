package io.sluice.orchestration.error;

/** The predefined error names of the Amazon States Language, and how they match. */
public final class ErrorNames {
    public static final String ALL = "States.ALL";
    public static final String TASK_FAILED = "States.TaskFailed";
    public static final String TIMEOUT = "States.Timeout";
    public static final String HEARTBEAT_TIMEOUT = "States.HeartbeatTimeout";
    public static final String RUNTIME = "States.Runtime";
    public static final String NO_CHOICE_MATCHED = "States.NoChoiceMatched";
    public static final String PARAMETER_PATH_FAILURE = "States.ParameterPathFailure";
    public static final String RESULT_PATH_MATCH_FAILURE = "States.ResultPathMatchFailure";
    public static final String INTRINSIC_FAILURE = "States.IntrinsicFailure";
    public static final String BRANCH_FAILED = "States.BranchFailed";
    public static final String PERMISSIONS = "States.Permissions";
    public static final String ITEM_READER_FAILED = "States.ItemReaderFailed";
    public static final String EXCEEDED_TOLERATED_FAILURE_THRESHOLD = "States.ExceedToleratedFailureThreshold";
    /** A JSONata expression failed to evaluate, or gave a value of the wrong type for its field. */
    public static final String QUERY_EVALUATION_ERROR = "States.QueryEvaluationError";
    /** Raised when an execution is stopped by a user. */
    public static final String ABORTED = "States.Aborted";

    private ErrorNames() {}

    /** Raised when a payload exceeds the size limit; terminal, like {@code States.Runtime}. */
    public static final String DATA_LIMIT_EXCEEDED = "States.DataLimitExceeded";

    /**
     * Whether a Retry or Catch entry naming {@code pattern} applies to {@code error}, as in Step
     * Functions: {@code States.Runtime} and {@code States.DataLimitExceeded} are terminal and match
     * nothing; {@code States.ALL} matches every other error; {@code States.TaskFailed} matches every
     * other error except {@code States.Timeout}.
     */
    public static boolean matches(String pattern, String error) {
        return matches(pattern, error, isTerminal(error));
    }

    /** As {@link #matches(String, String)}, for an error whose terminality its origin decides ({@link #isTerminal(String, boolean)}). */
    public static boolean matches(String pattern, String error, boolean terminal) {
        if (terminal) {
            return false;
        }
        if (pattern.equals(error) || ALL.equals(pattern)) {
            return true;
        }
        return TASK_FAILED.equals(pattern) && !TIMEOUT.equals(error);
    }

    /** Errors that no Retry or Catch can handle. */
    public static boolean isTerminal(String error) {
        return RUNTIME.equals(error) || DATA_LIMIT_EXCEEDED.equals(error);
    }

    /**
     * Whether {@code error} is terminal where it was raised. A task that reports {@code States.DataLimitExceeded}
     * (its result over the quota) fails as any task does: AWS records the Lambda's or the integration's failure with
     * that name and a Catch on {@code States.ALL} or on the name handles it (LocalStack's snapshots
     * test_states_errors::test_task_lambda_*data_limit_exceeded*, recorded against AWS).
     */
    public static boolean isTerminal(String error, boolean raisedByTask) {
        return raisedByTask ? RUNTIME.equals(error) : isTerminal(error);
    }

    public static boolean isStatesError(String error) {
        return error.startsWith("States.");
    }
}
