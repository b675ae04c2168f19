package io.sluice.testkit.fake;

import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.JobRun;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Job runs in memory, each on its own virtual thread: a job is a function from the run's arguments
 * to its error ({@code null} for success). Runs are keyed by (job, client token) and emit one
 * completion to the listener when they end. Passes the {@code JobLauncherContract}.
 */
public final class InMemoryJobLauncher implements JobLauncher {
    private final Map<String, Function<Map<String, String>, String>> jobs;
    private final Consumer<JobRun> completions;
    private final Clock clock;
    private final Map<String, JobRun> runs = new ConcurrentHashMap<>();
    private final Map<String, String> runByToken = new ConcurrentHashMap<>();
    private final AtomicInteger started = new AtomicInteger();

    /** @param jobs by name: the arguments in, the run's error out ({@code null} when it succeeds) */
    public InMemoryJobLauncher(Map<String, Function<Map<String, String>, String>> jobs, Consumer<JobRun> completions, Clock clock) {
        this.jobs = Map.copyOf(jobs);
        this.completions = completions;
        this.clock = clock;
    }

    @Override
    public JobRun start(JobRequest request) {
        String key = request.jobName() + "\u0000" + request.clientToken();
        String[] created = new String[1];
        String runId = runByToken.computeIfAbsent(key, k -> {
            String id = "jr_mem_" + started.incrementAndGet();
            runs.put(id, new JobRun(id, request.jobName(), request.clientToken(), JobRun.State.RUNNING, null, null, clock.instant(), null));
            created[0] = id;
            return id;
        });
        if (created[0] != null) {
            Thread.ofVirtual().name("job-" + runId).start(() -> execute(runId, request));
        }
        return runs.get(runId);
    }

    private void execute(String runId, JobRequest request) {
        Function<Map<String, String>, String> job = jobs.get(request.jobName());
        String error;
        try {
            error = job == null ? "There is no job named '" + request.jobName() + "'." : job.apply(request.arguments());
        } catch (RuntimeException e) {
            error = String.valueOf(e.getMessage());
        }
        JobRun running = runs.get(runId);
        JobRun ended = new JobRun(runId, running.jobName(), running.clientToken(), error == null ? JobRun.State.SUCCEEDED : JobRun.State.FAILED,
                error, null, running.startedOn(), clock.instant());
        runs.put(runId, ended);
        completions.accept(ended);
    }

    @Override
    public Optional<JobRun> status(String runId) {
        return Optional.ofNullable(runs.get(runId));
    }

    /** How many runs were ever started (a repeated client token starts none). */
    public int runsStarted() {
        return started.get();
    }
}
