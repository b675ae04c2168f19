package io.sluice.functions.integration.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.IntegrationCall;
import io.sluice.functions.integration.IntegrationHandler;
import io.sluice.functions.integration.ServiceErrors;
import io.sluice.functions.task.jobs.GlueLaunch;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.json.Json;
import java.util.Set;

/**
 * {@code glue:startJobRun} and {@code glue:startJobRun.sync} (and {@code aws-sdk:glue:startJobRun}) over the job
 * launcher, through the glue-launch machinery ({@link GlueLaunch}: the task token as the run's client token, so
 * a redelivered task finds its run; waiting by completion or polling). Glue's request ({@code JobName},
 * {@code Arguments} with {@code --name} keys; the capacity and worker fields mean nothing to a local engine and
 * are ignored) and results: request-response returns StartJobRun's {@code {"JobRunId"}}; {@code .sync}
 * returns the finished run in GetJobRun's names ({@code Id}, {@code JobName}, {@code JobRunState},
 * {@code StartedOn}, {@code CompletedOn}, {@code Arguments}, ...). A run that ends other than SUCCEEDED fails
 * the task with {@code States.TaskFailed}, its cause the run as JSON.
 */
public final class GlueHandler implements IntegrationHandler {
    private final GlueLaunch launch;

    public GlueHandler(GlueLaunch launch) {
        this.launch = launch;
    }

    @Override
    public Set<String> actions() {
        return Set.of("glue:startJobRun", "aws-sdk:glue:startJobRun");
    }

    @Override
    public JsonNode call(IntegrationCall call) {
        JsonNode p = call.parameters();
        ObjectNode request = Json.object();
        if (p.has("JobName")) request.set("JobName", p.get("JobName"));
        if (p.has("Arguments")) request.set("Arguments", p.get("Arguments"));
        TaskContext task = call.task();
        JsonNode run;
        try {
            run = launch.apply(request, new TaskContext(task.token(), task.executionId(), task.stateName(), call.pattern(),
                    task.timeoutSeconds(), task.resource(), task.credentials(), task.owner()));
        } catch (TaskError e) {
            throw switch (e.errorName()) {
                case GlueLaunch.JOB_FAILED -> new TaskError(ErrorNames.TASK_FAILED, e.getMessage(), false);
                case GlueLaunch.INVALID_INPUT -> ServiceErrors.of(call.action(), "InvalidInputException", e.getMessage(), false);
                default -> e;
            };
        }
        if (call.pattern() != io.sluice.orchestration.definition.TaskResource.IntegrationPattern.SYNC) {
            return Json.object().put("JobRunId", run.path("Id").asText());
        }
        ObjectNode out = ((ObjectNode) run).deepCopy();
        out.put("Attempt", 0);
        if (p.has("Arguments")) out.set("Arguments", p.get("Arguments"));
        return out;
    }
}
