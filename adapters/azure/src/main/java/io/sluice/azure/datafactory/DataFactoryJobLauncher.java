package io.sluice.azure.datafactory;

import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.JobRun;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * {@link JobLauncher} on Azure Data Factory pipeline runs, with the rule Glue's client token gives: one
 * client token never starts two runs. Data Factory has no client token, so the token travels as the pipeline
 * parameter {@value #TOKEN_PARAMETER} (every pipeline Sluice starts declares it, a String), and
 * {@link #start} first looks for a run of the pipeline that carries it: {@code queryPipelineRuns} filtered on
 * the pipeline name over the last {@code lookback} (Data Factory's query filters have no operand for
 * parameters, so the token is matched here, on every page), and starts a run only if there is none. Starts of one token in this process take turns (a lock per
 * token) and remember the run they found or started, so concurrent and repeated starts meet one run;
 * across processes the worker harness's claim on the task token keeps two workers from starting at once,
 * and a worker that died after {@code createRun} is found by the query when its task is retried.
 *
 * <p>The job's arguments are the pipeline's other parameters. A pipeline the factory does not have gives a
 * run that is FAILED at once (id {@code adf-missing:<pipeline>}), as Glue fails a run of an unknown job.
 * Completion is by polling: {@link #status} reads the run ({@code glue-launch} calls it with capped
 * exponential backoff while a {@code .sync} task waits), and the first time this launcher sees a run ended it
 * emits that run once to its completion listener.
 */
public final class DataFactoryJobLauncher implements JobLauncher {
    public static final String TOKEN_PARAMETER = "sluiceTaskToken";
    static final String MISSING = "adf-missing:";

    private final DataFactoryClient factory;
    private final Consumer<JobRun> completions;
    private final Clock clock;
    private final Duration lookback;
    private final String monitoringLink;
    private final Map<String, Object> tokenLocks = new ConcurrentHashMap<>();
    private final Map<String, String> runByToken = new ConcurrentHashMap<>();
    private final Set<String> completed = ConcurrentHashMap.newKeySet();

    /**
     * @param lookback       how far back a token's run is searched for (Data Factory keeps 45 days of runs)
     * @param monitoringLink the run's monitoring page with {@code {runId}} in it, or {@code null}
     */
    public DataFactoryJobLauncher(DataFactoryClient factory, Consumer<JobRun> completions, Clock clock, Duration lookback,
                                  String monitoringLink) {
        this.factory = factory;
        this.completions = completions;
        this.clock = clock;
        this.lookback = lookback;
        this.monitoringLink = monitoringLink;
    }

    @Override
    public JobRun start(JobRequest request) {
        String key = request.jobName() + "\u0000" + request.clientToken();
        synchronized (tokenLocks.computeIfAbsent(key, k -> new Object())) {
            String known = runByToken.get(key);
            if (known != null) {
                return status(known).orElseThrow(() -> new IllegalStateException("Data Factory lost run " + known));
            }
            Instant now = clock.instant();
            Optional<PipelineRun> existing = factory.runsOf(request.jobName(), now.minus(lookback), now.plus(Duration.ofDays(1))).stream()
                    .filter(r -> request.clientToken().equals(r.parameters().get(TOKEN_PARAMETER)))
                    .min(Comparator.comparing(PipelineRun::runStart, Comparator.nullsLast(Comparator.naturalOrder())));
            if (existing.isPresent()) {
                runByToken.put(key, existing.get().runId());
                return observed(toJobRun(existing.get(), request.clientToken()));
            }
            Map<String, String> parameters = new HashMap<>(request.arguments());
            parameters.put(TOKEN_PARAMETER, request.clientToken());
            Optional<String> runId = factory.createRun(request.jobName(), parameters);
            if (runId.isEmpty()) {
                JobRun failed = missing(request.jobName(), request.clientToken(), now);
                runByToken.put(key, failed.runId());
                return observed(failed);
            }
            runByToken.put(key, runId.get());
            return new JobRun(runId.get(), request.jobName(), request.clientToken(), JobRun.State.STARTING, null, link(runId.get()), now, null);
        }
    }

    @Override
    public Optional<JobRun> status(String runId) {
        if (runId.startsWith(MISSING)) {
            return Optional.of(observed(missing(runId.substring(MISSING.length()), null, clock.instant())));
        }
        return factory.run(runId).map(r -> observed(toJobRun(r, r.parameters().get(TOKEN_PARAMETER))));
    }

    /** Emits a run's completion the first time it is seen ended. */
    private JobRun observed(JobRun run) {
        if (run.finished() && completed.add(run.runId())) {
            completions.accept(run);
        }
        return run;
    }

    private JobRun missing(String pipeline, String token, Instant now) {
        return new JobRun(MISSING + pipeline, pipeline, token, JobRun.State.FAILED,
                "Data Factory has no pipeline named '" + pipeline + "' in this factory.", null, now, now);
    }

    private JobRun toJobRun(PipelineRun r, String token) {
        JobRun.State state = switch (r.status()) {
            case "Queued" -> JobRun.State.STARTING;
            case "Succeeded" -> JobRun.State.SUCCEEDED;
            case "Failed" -> JobRun.State.FAILED;
            case "Cancelled" -> JobRun.State.STOPPED;
            default -> JobRun.State.RUNNING; // InProgress, Canceling
        };
        Instant started = r.runStart() != null ? r.runStart() : r.lastUpdated() != null ? r.lastUpdated() : clock.instant();
        Instant ended = state.terminal() ? (r.runEnd() != null ? r.runEnd() : started) : null;
        String error = state == JobRun.State.FAILED || state == JobRun.State.STOPPED
                ? (r.message() == null || r.message().isBlank() ? "the pipeline run ended " + r.status() : r.message()) : null;
        return new JobRun(r.runId(), r.pipelineName(), token, state, error, link(r.runId()), started, ended);
    }

    private String link(String runId) {
        return monitoringLink == null ? null : monitoringLink.replace("{runId}", runId);
    }

    @Override
    public String toString() {
        return "DataFactoryJobLauncher[" + factory + "]";
    }
}
