package io.sluice.aws.glue;

import io.sluice.functions.task.Backoff;
import java.time.Duration;

/**
 * How the Glue launcher finds and claims runs.
 *
 * @param lookupPages how many pages of GetJobRuns (200 runs each, newest first) a start reads looking for a run
 *                    already started with its client token; a retry comes soon after its first start, so the run is
 *                    among the newest
 * @param claimLease  how long a start holds the claim on its token (the lookup and StartJobRun must fit in it)
 * @param claimWait   how a start that finds another holding the claim waits for that one's run id; its
 *                    {@code maxRetries} bounds the wait, after which the start fails, to be retried
 * @param retention   how long the claim keeps the run id (Glue keeps a run's history for 90 days)
 */
public record GlueLauncherSettings(int lookupPages, Duration claimLease, Backoff claimWait, Duration retention) {
    public static final int PAGE_SIZE = 200;

    public GlueLauncherSettings {
        if (lookupPages < 1) {
            throw new IllegalArgumentException("lookupPages must be at least 1, was " + lookupPages);
        }
    }

    /** Five pages (1,000 runs), a 60 s claim, waits from 100 ms doubling to 2 s for at most 20 tries, 30 days of run ids. */
    public static GlueLauncherSettings defaults() {
        return new GlueLauncherSettings(5, Duration.ofSeconds(60), new Backoff(Duration.ofMillis(100), 2.0, Duration.ofSeconds(2), 20),
                Duration.ofDays(30));
    }
}
