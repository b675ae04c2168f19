package io.sluice.orchestration.error;

/**
 * How Step Functions words the cause of a States.Runtime or States.QueryEvaluationError that a state raised in an
 * execution: {@code An error occurred while executing the state 'X' (entered at the event id #N). } before what went
 * wrong, N being the id of the state's StateEntered event in the execution's history. Every such failure AWS recorded
 * in LocalStack's {@code aws.validated} snapshots has it (115 of them); the TestState API, which runs a state outside
 * an execution, has none ({@code test_state_context_object.snapshot.json}).
 */
public final class StateErrorCause {
    private static final String START = "An error occurred while executing the state '";
    private static final String MIDDLE = "' (entered at the event id #";
    private static final String END = "). ";

    private StateErrorCause() {}

    public static String located(String state, long enteredEvent, String cause) {
        return START + state + MIDDLE + enteredEvent + END + cause;
    }

    /** The cause without the location {@link #located} put before it, for a caller that runs a state outside an execution. */
    public static String unlocated(String cause) {
        if (cause == null || !cause.startsWith(START)) {
            return cause;
        }
        int middle = cause.indexOf(MIDDLE, START.length());
        int end = middle < 0 ? -1 : cause.indexOf(END, middle + MIDDLE.length());
        return end < 0 ? cause : cause.substring(end + END.length());
    }
}
