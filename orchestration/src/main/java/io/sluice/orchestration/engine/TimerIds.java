package io.sluice.orchestration.engine;

/**
 * An engine timer's id, {@code <execution id>.t<n>}: it names its execution, so a timer index need keep nothing else
 * for a plain fire (OrchestratorSends.timerFired). The form and its reading live here together.
 */
public final class TimerIds {
    private static final String MARK = ".t";

    private TimerIds() {}

    /** The id of {@code executionId}'s timer number {@code seq}. */
    static String of(String executionId, long seq) {
        return executionId + MARK + seq;
    }

    /** The execution an engine timer's id names, or null for an id of another form. */
    public static String executionOf(String timerId) {
        int mark = timerId.lastIndexOf(MARK);
        int digits = mark + MARK.length();
        if (mark <= 0 || digits == timerId.length()) {
            return null;
        }
        for (int i = digits; i < timerId.length(); i++) {
            if (timerId.charAt(i) < '0' || timerId.charAt(i) > '9') {
                return null;
            }
        }
        return timerId.substring(0, mark);
    }
}
