package io.sluice.aws.glue;

import io.sluice.functions.task.Sleeper;
import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.IdempotencyStore;
import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.JobRun;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import software.amazon.awssdk.services.glue.GlueClient;
import software.amazon.awssdk.services.glue.model.EntityNotFoundException;
import software.amazon.awssdk.services.glue.model.GetJobRunsResponse;

/**
 * {@link JobLauncher} on AWS Glue: StartJobRun, GetJobRun, BatchStopJobRun.
 *
 * <p>Glue has no client token, so a start must not rely on one. It claims the token first (in the
 * {@link IdempotencyStore}, with a lease), so that of several starts of one token only one goes on; that one
 * looks for a run already started with it (GetJobRuns, newest first, at most {@link GlueLauncherSettings#lookupPages}
 * pages: a previous holder may have started the run and died before recording it), starts one only if there is
 * none, passing the token as the run argument {@value GlueRuns#TOKEN_ARGUMENT}, and records the run id under the
 * token before it returns. A later start of the token (a retried or redelivered task) reads the recorded run; one
 * that finds the claim held waits for the run id with backoff, and takes the claim over if its holder's lease runs
 * out. So a token starts at most one run.
 *
 * <p>A run's completion reaches {@code .sync} waiters from Glue's "Job State Change" event
 * ({@link GlueJobStateHandler}); {@link #status} (GetJobRun) is what they poll meanwhile. Run ids are
 * {@link GlueRunId}s: {@code <job>:<Glue run id>}.
 */
public final class GlueJobLauncher implements JobLauncher {
    private static final String UNSTARTED = "unstarted:";

    private final GlueClient glue;
    private final IdempotencyStore claims;
    private final GlueLauncherSettings settings;
    private final Clock clock;
    private final Sleeper sleeper;
    private final String owner;

    /** @param owner who starts, for the claims (this process: a Lambda's id, a host name); each start adds an id of its own */
    public GlueJobLauncher(GlueClient glue, IdempotencyStore claims, GlueLauncherSettings settings, Clock clock, Sleeper sleeper,
                           String owner) {
        this.glue = glue;
        this.claims = claims;
        this.settings = settings;
        this.clock = clock;
        this.sleeper = sleeper;
        this.owner = owner;
    }

    @Override
    public JobRun start(JobRequest request) {
        String key = claimKey(request.jobName(), request.clientToken());
        // Each start is an owner of its own: two threads of one process must not share a claim.
        String attempt = owner + "/" + UUID.randomUUID();
        for (int wait = 0; ; wait++) {
            ClaimResult claim = claims.claim(key, attempt, clock.instant(), settings.claimLease());
            switch (claim) {
                case ClaimResult.Completed done -> {
                    return recorded(request, done.result());
                }
                case ClaimResult.Claimed claimed -> {
                    String result = findOrStart(request);
                    claims.complete(key, attempt, result, clock.instant(), settings.retention());
                    return recorded(request, result);
                }
                case ClaimResult.Gone gone -> throw new IllegalStateException("a job-run claim is not a task's, so it cannot be gone: " + key);
                case ClaimResult.Busy busy -> {
                    if (!settings.claimWait().allowsRetry(wait)) {
                        throw new IllegalStateException("another start of job '" + request.jobName() + "' with this client token ("
                                + busy.owner() + ") has not recorded its run yet; the task may be retried");
                    }
                    try {
                        sleeper.sleep(settings.claimWait().delay(wait));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IllegalStateException("interrupted while waiting for another start of job '" + request.jobName() + "'", e);
                    }
                }
            }
        }
    }

    /** The run of {@code request}'s token: found among the job's newest runs, else started now; as the claim records it. */
    private String findOrStart(JobRequest request) {
        Optional<String> existing = findByToken(request.jobName(), request.clientToken());
        if (existing.isPresent()) {
            return existing.get();
        }
        Map<String, String> arguments = new LinkedHashMap<>();
        request.arguments().forEach((name, value) -> arguments.put("--" + name, value));
        arguments.put(GlueRuns.TOKEN_ARGUMENT, request.clientToken());
        try {
            return glue.startJobRun(b -> b.jobName(request.jobName()).arguments(arguments)).jobRunId();
        } catch (EntityNotFoundException e) {
            return UNSTARTED + "Glue has no job '" + request.jobName() + "': " + e.awsErrorDetails().errorMessage();
        }
    }

    /** The id of the newest run of {@code job} started with {@code token}, among its newest runs. */
    Optional<String> findByToken(String job, String token) {
        String next = null;
        for (int page = 0; page < settings.lookupPages(); page++) {
            String from = next;
            GetJobRunsResponse runs;
            try {
                runs = glue.getJobRuns(b -> b.jobName(job).maxResults(GlueLauncherSettings.PAGE_SIZE).nextToken(from));
            } catch (EntityNotFoundException e) {
                return Optional.empty();
            }
            for (var run : runs.jobRuns()) {
                if (token.equals(run.arguments().get(GlueRuns.TOKEN_ARGUMENT))) {
                    return Optional.of(run.id());
                }
            }
            next = runs.nextToken();
            if (next == null || next.isEmpty()) {
                break;
            }
        }
        return Optional.empty();
    }

    private JobRun recorded(JobRequest request, String result) {
        if (result.startsWith(UNSTARTED)) {
            return unstarted(request.jobName(), request.clientToken(), result.substring(UNSTARTED.length()));
        }
        GlueRunId id = GlueRunId.started(request.jobName(), result);
        return status(id.value()).orElseThrow(() -> new IllegalStateException("Glue no longer knows run " + id
                + ", recorded for this client token; it is older than Glue's run history"));
    }

    private JobRun unstarted(String job, String token, String error) {
        return new JobRun(GlueRunId.unstarted(job, token).value(), job, token, JobRun.State.FAILED, error, null, clock.instant(),
                clock.instant());
    }

    @Override
    public Optional<JobRun> status(String runId) {
        Optional<GlueRunId> parsed = GlueRunId.parse(runId);
        if (parsed.isEmpty()) {
            return Optional.empty();
        }
        GlueRunId id = parsed.get();
        if (!id.isStarted()) {
            return id.unstartedToken().flatMap(token -> claims.read(claimKey(id.jobName(), token)))
                    .filter(r -> r.completed() && r.result().startsWith(UNSTARTED))
                    .map(r -> new JobRun(id.value(), id.jobName(), null, JobRun.State.FAILED, r.result().substring(UNSTARTED.length()),
                            null, null, null));
        }
        try {
            return Optional.of(GlueRuns.of(glue.getJobRun(b -> b.jobName(id.jobName()).runId(id.glueRunId())).jobRun()));
        } catch (EntityNotFoundException e) {
            return Optional.empty();
        }
    }

    /**
     * Asks Glue to stop the run (BatchStopJobRun); whether Glue accepted the request. The run ends STOPPED a
     * moment later, which its completion and {@link #status} report. The port has no stop: a host calls this when
     * an execution is aborted or its task times out.
     */
    public boolean stop(String runId) {
        Optional<GlueRunId> id = GlueRunId.parse(runId).filter(GlueRunId::isStarted);
        if (id.isEmpty()) {
            return false;
        }
        var response = glue.batchStopJobRun(b -> b.jobName(id.get().jobName()).jobRunIds(id.get().glueRunId()));
        return !response.successfulSubmissions().isEmpty();
    }

    /** One claim per (job, token); the job's length first, so no two pairs share a key. */
    static String claimKey(String job, String token) {
        return "glue-run:" + job.length() + ":" + job + ":" + token;
    }

    @Override
    public String toString() {
        return "GlueJobLauncher";
    }
}
