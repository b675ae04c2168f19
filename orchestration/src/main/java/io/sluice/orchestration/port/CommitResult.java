package io.sluice.orchestration.port;

/** How a compare-and-set commit ended. A conflict is an expected outcome, not an exception. */
public sealed interface CommitResult {
    /** Stored; the execution is now at {@code version}. */
    record Committed(long version) implements CommitResult {}

    /** Someone else committed first (or, for a create, the execution exists): reload and decide again. */
    record Conflict(long currentVersion) implements CommitResult {}
}
