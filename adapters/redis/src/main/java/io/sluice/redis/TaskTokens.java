package io.sluice.redis;

import io.sluice.orchestration.engine.TaskToken;

/**
 * Where a task's token ({@code <execution id>.<frame>.<step>.<attempt>.<secret>}, {@link TaskToken#encode}) splits into
 * its execution id and the rest, read by hand: it is on every claim, completion and send, where the regular expression
 * it replaces ({@code (.+)(\.\d+\.\d+\.\d+\.[0-9a-f]{32})}, whose greedy start backtracked over the whole token) cost
 * ~1 % of the runtime's CPU. It accepts exactly what that expression matched ({@code TaskTokensTest}).
 */
final class TaskTokens {
    private TaskTokens() {
    }

    /**
     * The index in {@code text} where the rest of the token that {@code text} holds from {@code from} starts (its dot
     * before the frame), or -1 if that is not a task's token with a secret part: an execution id of at least one
     * character and no line terminator, three dot-separated runs of ASCII digits and 32 lower-case hex digits.
     */
    static int restStart(String text, int from) {
        int dot = text.lastIndexOf('.');
        if (dot < from || !TaskToken.isSecret(text, dot + 1)) {
            return -1;
        }
        for (int part = 0; part < 3; part++) {
            int end = dot;
            dot = text.lastIndexOf('.', end - 1);
            if (dot < from || dot + 1 == end || !digits(text, dot + 1, end)) {
                return -1;
            }
        }
        if (dot == from) {
            return -1;
        }
        for (int i = from; i < dot; i++) {
            char ch = text.charAt(i);
            if (ch == '\n' || ch == '\r' || ch == '\u0085' || ch == '\u2028' || ch == '\u2029') {
                return -1; // what the expression's '.' did not match
            }
        }
        return dot;
    }

    private static boolean digits(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            char ch = text.charAt(i);
            if (ch < '0' || ch > '9') {
                return false;
            }
        }
        return true;
    }
}
