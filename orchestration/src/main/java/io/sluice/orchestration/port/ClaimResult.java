package io.sluice.orchestration.port;

import java.time.Instant;

/** How a claim on a task token ended. */
public sealed interface ClaimResult {
    /** The caller owns the token now; {@code takeover} when it took an expired lease from someone else. */
    record Claimed(boolean takeover) implements ClaimResult {}

    /** Someone holds a live lease; try again after {@code leaseUntil}. */
    record Busy(String owner, Instant leaseUntil) implements ClaimResult {}

    /** The task already ran; replay {@code result} instead of running it again. */
    record Completed(String result) implements ClaimResult {}

    /**
     * The task's execution has left the store (finished and past its retention), and its claims with it: a late
     * delivery, to drop. Only a store that keeps a task's claims with its execution answers this.
     */
    record Gone() implements ClaimResult {}
}
