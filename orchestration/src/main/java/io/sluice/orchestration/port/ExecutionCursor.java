package io.sluice.orchestration.port;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;

/**
 * Where a page of an {@link ExecutionStore#list execution listing} ended: the start time (to the millisecond) and id of
 * its last execution. The next page holds what comes after it in the listing order, {@link #ORDER}: newest start first,
 * and among executions started in the same millisecond the greater id first, ids compared as UTF-8 bytes (the order a
 * Redis sorted set keeps equal scores in). A cursor is a position, not a snapshot: executions started after the first
 * page was read come before it and are not on later pages, and none is shown twice or skipped because others started.
 */
public record ExecutionCursor(long startMillis, String executionId) {
    /** The listing order. */
    public static final Comparator<ExecutionSummary> ORDER = Comparator
            .comparingLong((ExecutionSummary s) -> s.startTime().toEpochMilli()).reversed()
            .thenComparing(ExecutionSummary::executionId, ExecutionCursor::idsDescending);

    public ExecutionCursor {
        Objects.requireNonNull(executionId, "executionId");
    }

    /** The cursor just past {@code s}: the next page starts with what follows it. */
    public static ExecutionCursor after(ExecutionSummary s) {
        return new ExecutionCursor(s.startTime().toEpochMilli(), s.executionId());
    }

    /** Whether {@code s} comes after this cursor in {@link #ORDER}, that is, on a later page. */
    public boolean precedes(ExecutionSummary s) {
        long start = s.startTime().toEpochMilli();
        return start < startMillis || start == startMillis && compareIds(s.executionId(), executionId) < 0;
    }

    /** Ids as UTF-8 bytes, unsigned: the order Redis gives members of equal score. */
    public static int compareIds(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }

    private static int idsDescending(String a, String b) {
        return compareIds(b, a);
    }

    /** The cursor as text ({@code <start ms>:<id>}), for a page token to carry. */
    public String text() {
        return startMillis + ":" + executionId;
    }

    /** A cursor from its {@link #text}; empty for text that is not one. */
    public static Optional<ExecutionCursor> parse(String text) {
        int colon = text == null ? -1 : text.indexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ExecutionCursor(Long.parseLong(text.substring(0, colon)), text.substring(colon + 1)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
