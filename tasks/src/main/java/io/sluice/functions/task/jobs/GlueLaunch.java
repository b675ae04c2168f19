package io.sluice.functions.task.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.DatasetAware;
import io.sluice.functions.task.Datasets;
import io.sluice.functions.harness.TaskAware;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.task.Backoff;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.port.ConfigStore;
import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.JobLauncher.JobRequest;
import io.sluice.orchestration.port.JobRun;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code glue-launch} function. Input as Step Functions' Glue integration takes it:
 * {@code {"JobName": "enrich", "Arguments": {"--input": "raw/x.csv"}}}. The run is started with the
 * task token as its client token, so a redelivered or taken-over task finds the run it started
 * instead of starting another. The input's other text fields are the run's context (the pattern
 * templates pass {@code pipeline}, {@code partition} and {@code step}): they reach the job as
 * arguments too, unless {@code Arguments} sets the same name.
 *
 * <p>Request-response returns the run at once. With {@code .sync} the function returns only when
 * the run ends: it wakes on the run's completion where the launcher delivers one in-process
 * ({@link JobCompletions}) and otherwise reads the run's status with capped exponential backoff.
 * Meanwhile the harness keeps the task's claim and sends its heartbeats. It stops waiting at the
 * state's {@code TimeoutSeconds}, when the execution has given up on the task anyway. A run that ends
 * other than SUCCEEDED fails the task with {@code Glue.JobFailed} whose {@code Cause} is the run as JSON
 * ({@link JobRunJson}), as Step Functions' Glue integration reports it: its error and log link are fields.
 */
public final class GlueLaunch implements TaskAware, DatasetAware {
    public static final String JOB_FAILED = "Glue.JobFailed";
    public static final String INVALID_INPUT = "Glue.InvalidInput";
    public static final String INTERRUPTED = "Glue.Interrupted";
    /** Input fields that say how to run the job rather than being part of its context. */
    private static final Set<String> CONTROL_FIELDS = Set.of("JobName", "Arguments", TaskContext.TOKEN_FIELD);

    private final JobLauncher launcher;
    private final JobCompletions completions;
    private final Backoff polling;
    private final Clock clock;
    private final TenantJobs tenants;

    /** A launcher without the pipelines' configs: the platform's runs launch what they name, a tenant's run nothing. */
    public GlueLaunch(JobLauncher launcher, JobCompletions completions, Backoff polling, Clock clock) {
        this(launcher, completions, polling, clock, name -> java.util.Optional.empty());
    }

    /** @param configs the pipelines' configs, whose jobs (and their arguments) a tenant's run may launch ({@link TenantJobs}) */
    public GlueLaunch(JobLauncher launcher, JobCompletions completions, Backoff polling, Clock clock, ConfigStore configs) {
        this.launcher = launcher;
        this.completions = completions;
        this.polling = polling;
        this.clock = clock;
        this.tenants = new TenantJobs(configs);
    }

    @Override
    public JsonNode apply(JsonNode input, TaskContext task) {
        Map<String, String> arguments = arguments(input);
        // Only the platform's own call outside any execution may launch a job for no pipeline.
        String pipeline = task.pipeline() != null || input.path("pipeline").isTextual() || !task.owner().isPlatform()
                ? task.pipelineFor("glue-launch", input, "pipeline") : null;
        if (pipeline != null) {
            // The job learns whose run it is from the runtime: neither the input nor Arguments can change it.
            arguments.put("pipeline", pipeline);
        }
        tenants.check(task.owner(), pipeline, jobName(input), input.path("Arguments"), input);
        JobRequest request = new JobRequest(jobName(input), task.requireToken("glue-launch"), arguments);
        JobRun run = launcher.start(request);
        if (task.pattern() != IntegrationPattern.SYNC) {
            return JobRunJson.describe(run);
        }
        Instant giveUp = task.timeoutSeconds() == null ? null : clock.instant().plusSeconds(task.timeoutSeconds());
        JobRun ended = awaitEnd(run, giveUp);
        if (ended.state() != JobRun.State.SUCCEEDED) {
            throw new TaskError(JOB_FAILED, JobRunJson.cause(ended), false);
        }
        return JobRunJson.describe(ended);
    }

    private JobRun awaitEnd(JobRun started, Instant giveUp) {
        try (JobCompletions.Subscription completion = completions.subscribe(started.runId())) {
            JobRun run = current(started);
            for (int poll = 0; !run.finished(); poll++) {
                Duration wait = polling.delay(poll);
                if (giveUp != null) {
                    Duration left = Duration.between(clock.instant(), giveUp);
                    if (left.isNegative() || left.isZero()) {
                        throw new TaskError("States.Timeout", "Job '" + run.jobName() + "' run " + run.runId()
                                + " is still " + run.state() + " at the state's TimeoutSeconds.", true);
                    }
                    wait = wait.compareTo(left) > 0 ? left : wait;
                }
                Optional<JobRun> pushed = completion.await(wait);
                run = pushed.orElseGet(() -> current(started));
            }
            return run;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TaskError(INTERRUPTED, "The worker stopped while waiting for job run " + started.runId()
                    + "; the task's next delivery finds the run by its client token.", true);
        }
    }

    private JobRun current(JobRun run) {
        return launcher.status(run.runId()).orElseThrow(() -> new TaskError(JOB_FAILED,
                "Job run " + run.runId() + " of '" + run.jobName() + "' is no longer known to the job engine.", true));
    }

    private static String jobName(JsonNode input) {
        JsonNode name = input.get("JobName");
        if (name == null || !name.isTextual() || name.asText().isBlank()) {
            throw new TaskError(INVALID_INPUT, "glue-launch needs \"JobName\": the name of the job to run.", false);
        }
        return name.asText();
    }

    /** Glue's {@code --name} keys lose their dashes; values are text; then the context fields no argument overrides. */
    private static Map<String, String> arguments(JsonNode input) {
        Map<String, String> out = new LinkedHashMap<>();
        given(input.path("Arguments"), out);
        input.properties().forEach(e -> {
            if (e.getValue().isTextual() && !CONTROL_FIELDS.contains(e.getKey())) {
                out.putIfAbsent(e.getKey(), e.getValue().asText());
            }
        });
        return out;
    }

    private static void given(JsonNode arguments, Map<String, String> out) {
        if (arguments.isMissingNode() || arguments.isNull()) {
            return;
        }
        if (!arguments.isObject()) {
            throw new TaskError(INVALID_INPUT, "glue-launch \"Arguments\" must be an object of names to values.", false);
        }
        arguments.fields().forEachRemaining(e -> {
            if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                throw new TaskError(INVALID_INPUT, "glue-launch argument '" + e.getKey() + "' must be a string or a number.", false);
            }
            out.put(e.getKey().replaceFirst("^--", ""), e.getValue().asText());
        });
    }

    /**
     * A job's datasets are its arguments that name an object folder (a value ending in {@code /}), as the
     * patterns pass them: {@code --target*}, {@code --output*} and {@code --extract*} are written, every other
     * ({@code --source}, {@code --orders}, ...) read, each for the run's {@code partition}. A job that names
     * no folder has no lineage here.
     */
    @Override
    public java.util.List<Dataset> datasets(JsonNode input, JsonNode output) {
        String partition = input.path("partition").isTextual() ? input.get("partition").asText() : null;
        java.util.List<Dataset> out = new java.util.ArrayList<>();
        input.path("Arguments").properties().forEach(e -> {
            String name = e.getKey();
            if (!e.getValue().isTextual()) {
                return;
            }
            if (e.getValue().asText().endsWith("/")) {
                boolean written = name.startsWith("--target") || name.startsWith("--output") || name.startsWith("--extract");
                out.add(new Dataset(Datasets.objects(e.getValue().asText()), partition, written));
            }
        });
        return out;
    }
}
