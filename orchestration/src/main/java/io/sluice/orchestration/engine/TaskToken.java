package io.sluice.orchestration.engine;

/**
 * Names one invocation of a function by a Task state: the execution, the thread of control
 * ({@code frame}: the top level, a Parallel branch or a Map iteration), the step within that frame
 * (so a state visited twice in a loop gets a new token) and the attempt (so a retry does too).
 * A result is accepted only with the token the state is waiting for.
 */
public record TaskToken(String executionId, int frame, long step, int attempt) {
    private static final char SEP = '.';

    /** The opaque text form carried in messages and callbacks; URL-safe when the execution id is. */
    public String encode() {
        return executionId + SEP + frame + SEP + step + SEP + attempt;
    }

    /** Parses {@link #encode()}'s form; throws {@link IllegalArgumentException} naming what is wrong. */
    public static TaskToken decode(String text) {
        if (text == null) {
            throw new IllegalArgumentException("task token is missing");
        }
        int c = text.lastIndexOf(SEP);
        int b = c > 0 ? text.lastIndexOf(SEP, c - 1) : -1;
        int a = b > 0 ? text.lastIndexOf(SEP, b - 1) : -1;
        if (a <= 0) {
            throw new IllegalArgumentException("'" + text + "' is not a Sluice task token (expected <execution>.<frame>.<step>.<attempt>)");
        }
        try {
            return new TaskToken(text.substring(0, a), Integer.parseInt(text.substring(a + 1, b)),
                    Long.parseLong(text.substring(b + 1, c)), Integer.parseInt(text.substring(c + 1)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a Sluice task token: frame, step and attempt must be numbers");
        }
    }

    @Override
    public String toString() {
        return encode();
    }
}
