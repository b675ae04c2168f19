package io.sluice.functions.maprun;

import io.sluice.orchestration.port.MapRunStore.Counts;

/**
 * ToleratedFailureCount and ToleratedFailurePercentage: the run fails with
 * {@code States.ExceedToleratedFailureThreshold} once more children failed than the count allows, or a larger
 * share of all children than the percentage (judged once the reader has given its last item, when the total
 * is known). With neither, no failure is tolerated, as in Step Functions. A batch counts as one child.
 */
record Tolerance(Integer count, Double percentage) {
    static Tolerance of(MapRunRequest r) {
        return new Tolerance(r.toleratedCount(), r.toleratedPercentage());
    }

    /** @param total the number of children, or {@code -1} while unknown */
    boolean exceeded(Counts counts, long total) {
        long failed = counts.failed();
        if (failed == 0) {
            return false;
        }
        if (count == null && percentage == null) {
            return true;
        }
        if (count != null && failed > count) {
            return true;
        }
        return percentage != null && total > 0 && failed * 100.0 > percentage * total;
    }

    String cause(Counts counts, long total) {
        return "The Map Run failed: " + counts.failed() + " of " + (total < 0 ? "at least " + counts.ended() : Long.toString(total))
                + " child executions failed, more than the tolerated " + (count == null && percentage == null ? "none"
                : (count != null ? count + " (ToleratedFailureCount)" : "") + (count != null && percentage != null ? " or " : "")
                + (percentage != null ? percentage + " % (ToleratedFailurePercentage)" : "")) + ".";
    }
}
