package io.sluice.functions.maprun;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.ErrorMapping;
import io.sluice.functions.harness.ReportsLater;
import io.sluice.functions.harness.TaskAware;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskFunctions;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.engine.Command.DispatchTask;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.express.TaskOutcome;
import io.sluice.orchestration.path.RandomSource;
import java.time.Clock;
import java.util.function.Function;

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

    ExpressChildren(TaskFunctions functions, Clock clock, RandomSource random) {
        this.functions = functions;
        this.clock = clock;
        this.random = random;
    }

    ChildOutcome run(long index, Definition processor, String pipeline, String name, JsonNode input) {
        ExpressRunner runner = new ExpressRunner(processor, this::invoke);
        String id = pipeline + ":" + name;
        ExpressResult r = runner.run(pipeline, id, name, input, clock.instant(), random);
        return new ChildOutcome(index, name, r.status().name(), input, r.output(), r.error(), r.cause(), r.startTime(), r.stopTime());
    }

    private TaskOutcome invoke(DispatchTask task) {
        Function<com.fasterxml.jackson.databind.JsonNode, JsonNode> function = functions.find(task.function()).orElse(null);
        if (function == null) {
            return TaskOutcome.failure(ErrorNames.RUNTIME, "No function '" + task.function() + "' in this bundle (state '"
                    + task.stateName() + "').");
        }
        TaskContext context = new TaskContext(task.token().encode(), task.token().executionId(), task.stateName(), task.pattern(),
                task.timeoutSeconds()).withResource(task.resource());
        if (task.pattern() == IntegrationPattern.WAIT_FOR_TASK_TOKEN || function instanceof ReportsLater later && later.reportsLater(context)) {
            return TaskOutcome.failure(ErrorNames.RUNTIME, "Task state '" + task.stateName() + "' waits for a callback or a child"
                    + " execution, which an EXPRESS child of a distributed Map cannot; use ExecutionType STANDARD.");
        }
        try {
            JsonNode out = function instanceof TaskAware aware ? aware.apply(task.payload(), context) : function.apply(task.payload());
            return TaskOutcome.success(out);
        } catch (RuntimeException e) {
            ErrorMapping m = ErrorMapping.of(e);
            return TaskOutcome.failure(m.error(), m.cause());
        }
    }
}
