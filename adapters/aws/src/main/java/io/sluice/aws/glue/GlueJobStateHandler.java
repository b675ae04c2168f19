package io.sluice.aws.glue;

import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.JobRun;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * The {@code glue-job-state} function: a Glue "Job State Change" event becomes the run's completion, handed to
 * the launcher's completion listener, exactly as the local job engine hands its runs' ends to
 * {@code JobCompletions}, which wakes the {@code .sync} glue-launch tasks waiting in this process. The run is read
 * again from Glue (GetJobRun) for its start time, client token and log, falling back to what the event says.
 *
 * <p>On Lambda the waiting task runs in the task-worker function, another process, so the event wakes it only
 * when both share a process; otherwise the task sees the run's end at its next GetJobRun poll (capped backoff),
 * which is the fallback that always applies. Returns a one-line JSON summary; a malformed event throws, so
 * EventBridge's retries and dead-letter queue apply.
 */
public final class GlueJobStateHandler implements Function<String, String> {
    private static final Logger LOG = Logger.getLogger(GlueJobStateHandler.class.getName());

    private final JobLauncher launcher;
    private final Consumer<JobRun> completions;

    public GlueJobStateHandler(JobLauncher launcher, Consumer<JobRun> completions) {
        this.launcher = launcher;
        this.completions = completions;
    }

    @Override
    public String apply(String event) {
        GlueJobStateEvent.Parsed parsed = GlueJobStateEvent.read(event);
        return switch (parsed) {
            case GlueJobStateEvent.Parsed.Malformed m -> throw new IllegalArgumentException("glue-job-state: " + m.why());
            case GlueJobStateEvent.Parsed.Ignored i -> Json.write(Json.object().put("outcome", "ignored").put("why", i.why()));
            case GlueJobStateEvent.Parsed.Ended e -> {
                JobRun run = current(e.run());
                completions.accept(run);
                LOG.fine(() -> "glue-job-state: " + run.runId() + " " + run.state());
                yield Json.write(Json.object().put("outcome", "completed").put("runId", run.runId()).put("state", run.state().name()));
            }
        };
    }

    /** The run as Glue describes it now, if it agrees that it ended; else the event's account of it. */
    private JobRun current(JobRun fromEvent) {
        Optional<JobRun> read;
        try {
            read = launcher.status(fromEvent.runId());
        } catch (RuntimeException e) {
            read = Optional.empty(); // the event alone is enough to wake a waiter
        }
        return read.filter(JobRun::finished).orElse(fromEvent);
    }
}
