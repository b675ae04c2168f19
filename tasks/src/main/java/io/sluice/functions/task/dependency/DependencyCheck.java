package io.sluice.functions.task.dependency;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskAware;
import io.sluice.functions.tenancy.Owner;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.functions.messaging.MessageCodec;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.DependencyIndex;
import io.sluice.orchestration.port.DependencyIndex.Upstream;
import io.sluice.orchestration.port.TaskQueue;
import io.sluice.orchestration.port.TimerIndex;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The {@code dependency-check} function, run as {@code sluice:function:dependency-check.waitForTaskToken}:
 * holds a run until its upstream pipelines have succeeded for a partition. Input:
 * {@code {"Partition": "2026-11-29", "Upstreams": ["orders-ingest", {"Pipeline": "fx", "Partition": "2026-11-28"}],
 * "DeadlineSeconds": 21600}} (or {@code "Deadline": "2026-11-29T06:00:00Z"}).
 *
 * <p>It never polls. It first schedules its own deadline: a timer whose payload is the task's
 * failure, {@code Dependency.NotMet}, so the run fails with that name (and its alert) if nothing
 * wakes it. Then it registers its token under every upstream still missing; the completion
 * listener ({@link DependencyRelease}) wakes it when the last one succeeds. If none is missing it
 * completes the task itself and cancels the deadline; so it does at once for an empty list of
 * upstreams, as a pattern config may give one. Whichever result reaches the orchestrator
 * first counts; the other no longer matches the waiting token and is dropped.
 */
public final class DependencyCheck implements TaskAware {
    public static final String NOT_MET = "Dependency.NotMet";
    public static final String INVALID_INPUT = "Dependency.InvalidInput";

    private final DependencyIndex index;
    private final TimerIndex timers;
    private final TaskQueue queue;
    private final QueueNames names;
    private final Clock clock;
    private final Duration keepAfterDeadline;
    private final Tenancy tenancy;

    /** @param keepAfterDeadline how long a registration outlives its deadline in the index */
    public DependencyCheck(DependencyIndex index, TimerIndex timers, TaskQueue queue, QueueNames names, Clock clock,
                           Duration keepAfterDeadline) {
        this(index, timers, queue, names, clock, keepAfterDeadline, Tenancy.SINGLE);
    }

    /** @param tenancy a run waits only for pipelines of its own tenant: another's outcomes are not its to learn */
    public DependencyCheck(DependencyIndex index, TimerIndex timers, TaskQueue queue, QueueNames names, Clock clock,
                           Duration keepAfterDeadline, Tenancy tenancy) {
        this.tenancy = tenancy;
        this.index = index;
        this.timers = timers;
        this.queue = queue;
        this.names = names;
        this.clock = clock;
        this.keepAfterDeadline = keepAfterDeadline;
    }

    /** The deadline timer of a waiting task. */
    public static String deadlineTimerId(String token) {
        return "dependency-deadline:" + token;
    }

    @Override
    public JsonNode apply(JsonNode input, TaskContext task) {
        if (task.pattern() != IntegrationPattern.WAIT_FOR_TASK_TOKEN) {
            throw new TaskError(INVALID_INPUT, "Run dependency-check as sluice:function:dependency-check.waitForTaskToken: "
                    + "it completes the task when the upstreams succeed, not when it returns.", false);
        }
        task.requireToken("dependency-check");
        Set<Upstream> upstreams = upstreams(input);
        Owner owner = task.owner().requireData("wait for upstream pipelines");
        String run = task.pipeline() == null ? "this run" : "pipeline '" + task.pipeline() + "'";
        for (Upstream u : upstreams) {
            if (!tenancy.owns(owner, u.pipeline())) {
                throw new TaskError(INVALID_INPUT, "dependency-check: " + run + " cannot wait for '" + u.pipeline()
                        + "', which is not a pipeline of its tenant.", false);
            }
        }
        if (upstreams.isEmpty()) {
            DependencyRelease.complete(queue, names, timers, index, task.token(), null);
            return Json.object().put("Waiting", 0);
        }
        Instant deadline = deadline(input);
        String cause = "Not all of " + upstreams + " had succeeded by the deadline " + deadline + ".";
        timers.schedule(deadlineTimerId(task.token()), deadline,
                MessageCodec.encode(new OrchestratorMessage.TaskResult(task.token(), null, NOT_MET, cause)));
        Set<Upstream> missing = index.await(task.token(), upstreams, deadline.plus(keepAfterDeadline));
        if (missing.isEmpty()) {
            DependencyRelease.complete(queue, names, timers, index, task.token(), null);
        }
        return Json.object().put("Waiting", missing.size());
    }

    private static Set<Upstream> upstreams(JsonNode input) {
        String partition = input.path("Partition").asText("");
        JsonNode list = input.path("Upstreams");
        if (!list.isArray()) {
            throw new TaskError(INVALID_INPUT, "dependency-check needs \"Upstreams\": a list of pipeline names "
                    + "or {\"Pipeline\", \"Partition\"} objects (an empty list waits for none).", false);
        }
        Set<Upstream> out = new LinkedHashSet<>();
        for (JsonNode u : list) {
            String pipeline = u.isTextual() ? u.asText() : u.path("Pipeline").asText("");
            String p = u.isObject() && u.hasNonNull("Partition") ? u.get("Partition").asText() : partition;
            if (pipeline.isBlank() || p.isBlank()) {
                throw new TaskError(INVALID_INPUT, "dependency-check upstream " + u + " needs a pipeline and a partition "
                        + "(give \"Partition\" for all, e.g. \"Partition.$\": \"$$.Execution.Input.partition\").", false);
            }
            out.add(new Upstream(pipeline, p));
        }
        return out;
    }

    private Instant deadline(JsonNode input) {
        if (input.hasNonNull("Deadline")) {
            try {
                return Instant.parse(input.get("Deadline").asText());
            } catch (DateTimeParseException e) {
                throw new TaskError(INVALID_INPUT, "dependency-check \"Deadline\" must be an ISO-8601 instant such as "
                        + "2026-11-29T06:00:00Z; got '" + input.get("Deadline").asText() + "'.", false);
            }
        }
        JsonNode seconds = input.get("DeadlineSeconds");
        if (seconds == null || !seconds.canConvertToLong() || seconds.asLong() <= 0) {
            throw new TaskError(INVALID_INPUT, "dependency-check needs \"DeadlineSeconds\" (a positive integer) or \"Deadline\".", false);
        }
        return clock.instant().plusSeconds(seconds.asLong());
    }
}
