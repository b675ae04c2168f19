package io.sluice.runtime;

import io.sluice.functions.alert.TieredAlerts;
import io.sluice.functions.control.Rule;
import io.sluice.functions.control.RuleBook;
import io.sluice.functions.control.recover.Backfills;
import io.sluice.functions.control.recover.Blocks;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.time.SystemRandom;
import io.sluice.orchestration.port.AlertBook;
import io.sluice.orchestration.port.BackfillStore;
import io.sluice.orchestration.port.ExecutionStore;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.RuleStore;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * The operator's controls every host shares, built once here: the rule book (the allow and block rules the task gate of
 * {@link RuntimeBuilder#rules} asks, and the API edits), blocks and backfills, and the failure alerts by priority
 * ({@link Completions#alerts}).
 * A host hands in where they are kept; how they behave is the same everywhere.
 */
public final class Control {
    /** How soon a rule made in one process is seen by every other one sharing the store. */
    public static final Duration RULES_REFRESH = Duration.ofSeconds(2);

    private Control() {}

    /** The rules of {@code store} and of the host's rules file ({@code fileRules}, reread as it changes; none: {@code List::of}). */
    public static RuleBook rules(RuleStore store, Supplier<List<Rule>> fileRules, Clock clock) {
        return new RuleBook(store, fileRules, clock, RULES_REFRESH);
    }

    /** Blocks: a chain of pipelines held for some partitions, as rules of {@code rules}; each block's id drawn unpredictably. */
    public static Blocks blocks(RuleBook rules, Clock clock) {
        return new Blocks(rules, clock, SystemRandom.SECURE);
    }

    /** Backfills kept in {@code store}, started through {@code starter} behind {@code blocks}; each backfill's id drawn unpredictably. */
    public static Backfills backfills(BackfillStore store, ExecutionStore executions, ExecutionStarter starter, Blocks blocks, Clock clock) {
        return new Backfills(store, executions, starter, blocks, clock, SystemRandom.SECURE);
    }

    /**
     * Failure alerts by priority: P0 to {@code pager} (null: {@code sink} itself, each page CRITICAL and titled
     * {@code [PAGE]}), P1 to {@code sink} and again to the pager until acknowledged, P2/P3 in a digest; what waits in
     * {@code book}; each incident once across every process sharing {@code claims}. The digest is due at every multiple of
     * its period since the epoch, so processes that come and go (a Lambda, a Functions instance) agree on it.
     */
    public static TieredAlerts tiers(AlertSink pager, AlertSink sink, AlertBook book, IdempotencyStore claims, Clock clock, String owner,
                                     TieredAlerts.Settings settings) {
        return new TieredAlerts(pager == null ? TieredAlerts.pageThrough(sink) : pager, sink, book,
                s -> Alerting.oncePerIncident(s, claims, clock, owner), clock, settings).digestOnTheClock();
    }
}
