package io.sluice.orchestration.engine;

import io.sluice.orchestration.path.RandomSource;
import java.util.HexFormat;

/**
 * Names one invocation of a function by a Task state: the execution, the thread of control
 * ({@code frame}: the top level, a Parallel branch or a Map iteration), the step within that frame
 * (so a state visited twice in a loop gets a new token), the attempt (so a retry does too), and a
 * secret part drawn from the transition's randomness, so that knowing an execution and where it
 * stands is not enough to forge a callback. A result is accepted only with the very token the state
 * is waiting for.
 *
 * @param secret 32 hex digits (128 bits) drawn when the task was dispatched, or {@code ""} for a token
 *               written before tokens had one (still accepted for the tasks that were waiting then)
 */
public record TaskToken(String executionId, int frame, long step, int attempt, String secret) {
    private static final char SEP = '.';
    private static final int SECRET_LENGTH = 32;

    public TaskToken {
        if (!secret.isEmpty() && !isSecret(secret, 0)) {
            throw new IllegalArgumentException("a task token's secret part is 32 lower-case hex digits");
        }
    }

    /**
     * Whether {@code text} from {@code from} to its end is a secret part: 32 lower-case hex digits (on every task's path, so
     * a loop rather than a regular expression).
     */
    public static boolean isSecret(String text, int from) {
        if (from < 0 || text.length() - from != SECRET_LENGTH) {
            return false;
        }
        for (int i = from; i < text.length(); i++) {
            char ch = text.charAt(i);
            if ((ch < '0' || ch > '9') && (ch < 'a' || ch > 'f')) {
                return false;
            }
        }
        return true;
    }

    /** A new token for a task about to be dispatched; its secret part comes from {@code random}. */
    public static TaskToken draw(String executionId, int frame, long step, int attempt, RandomSource random) {
        HexFormat hex = HexFormat.of();
        return new TaskToken(executionId, frame, step, attempt, hex.toHexDigits(random.nextLong()) + hex.toHexDigits(random.nextLong()));
    }

    /** The opaque text form carried in messages and callbacks; URL-safe when the execution id is. */
    public String encode() {
        String base = executionId + SEP + frame + SEP + step + SEP + attempt;
        return secret.isEmpty() ? base : base + SEP + secret;
    }

    /**
     * Parses {@link #encode()}'s form; throws {@link IllegalArgumentException} saying what is wrong,
     * without repeating the text (a token is a credential).
     */
    public static TaskToken decode(String text) {
        Parts p = Parts.of(text);
        return new TaskToken(text.substring(0, p.idEnd), p.frame, p.step, p.attempt,
                p.restEnd == text.length() ? "" : text.substring(p.restEnd + 1));
    }

    /**
     * What {@code decode(text).executionId()} answers, refusing what it refuses, without making the token: a task's
     * execution id is read several times a transition (its messages, the gate, the harness).
     */
    public static String executionIdOf(String text) {
        return text.substring(0, Parts.of(text).idEnd);
    }

    /**
     * A token's text read in place: the execution id ends at {@code idEnd}, the attempt at {@code restEnd} (the secret
     * part, when there is one, after it), and the numbers between them.
     */
    private record Parts(int idEnd, int frame, long step, int attempt, int restEnd) {
        static Parts of(String text) {
            if (text == null) {
                throw new IllegalArgumentException("task token is missing");
            }
            int last = text.lastIndexOf(SEP);
            int restEnd = last > 0 && isSecret(text, last + 1) ? last : text.length();
            int c = text.lastIndexOf(SEP, restEnd - 1);
            int b = c > 0 ? text.lastIndexOf(SEP, c - 1) : -1;
            int a = b > 0 ? text.lastIndexOf(SEP, b - 1) : -1;
            if (a <= 0) {
                throw notAToken();
            }
            try {
                return new Parts(a, Integer.parseInt(text, a + 1, b, 10), Long.parseLong(text, b + 1, c, 10),
                        Integer.parseInt(text, c + 1, restEnd, 10), restEnd);
            } catch (NumberFormatException e) {
                throw notAToken();
            }
        }
    }

    private static IllegalArgumentException notAToken() {
        return new IllegalArgumentException("that is not a Sluice task token (expected the value of $$.Task.Token)");
    }

    /** Names the task without its secret part, for logs and messages. */
    public String describe() {
        return executionId + SEP + frame + SEP + step + SEP + attempt;
    }

    @Override
    public String toString() {
        return describe();
    }
}
