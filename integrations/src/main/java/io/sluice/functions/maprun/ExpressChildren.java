package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.DirectInvoker;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.path.RandomSource;
import io.sluice.orchestration.path.Ticker;
import java.time.Clock;

/**
 * Runs an EXPRESS map run's child in the coordinator's process, as an express execution runs: the
 * {@link ExpressRunner} over the bundle's task functions, called directly (no queue, no claim: express
 * children are at-least-once, as on AWS). Wait states and retry backoff advance the runner's virtual clock
 * rather than sleep. A task that would wait for a callback, or for a child of its own, cannot run here and
 * fails with {@code States.Runtime}.
 */
final class ExpressChildren {
    private final TaskFunctions functions;
    private final Clock clock;
    private final RandomSource random;
    private final Ticker ticker;

    ExpressChildren(TaskFunctions functions, Clock clock, RandomSource random, Ticker ticker) {
        this.ticker = ticker;
        this.functions = functions;
        this.clock = clock;
        this.random = random;
    }

    /** Runs one child, whose tasks belong to {@code owner}, the parent's owner. */
    ChildOutcome run(long index, Definition processor, String pipeline, String name, JsonNode input, Owner owner) {
        ExpressRunner runner = new ExpressRunner(processor, new DirectInvoker(functions, owner, "an EXPRESS child of a distributed Map",
                "use ExecutionType STANDARD"), null, ExpressRunner.DEFAULT_MAX_TRANSITIONS, ticker);
        String id = pipeline + ":" + name;
        ExpressResult r = runner.run(pipeline, id, name, input, clock.instant(), random);
        return new ChildOutcome(index, name, r.status().name(), input, r.output(), r.error(), r.cause(), r.startTime(), r.stopTime());
    }
}
