package io.sluice.duckdb;

import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.JobRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Pattern;

/**
 * The local job engine: a job is a SQL script ({@code <scripts>/<job>.sql}) that DuckDB runs over
 * the files of the local object store (CSV, JSON and Parquet in; Parquet out with {@code COPY ... TO}).
 * Each run has its own worker thread and its own in-memory DuckDB connection, and a log file whose
 * path is the run's {@code logLocation}.
 *
 * <p>Runs are kept on disk under {@code <workDir>/runs}, keyed by an id derived from (job, client
 * token), so the same token finds the same run, in this process or after a restart. One engine owns
 * a work directory (a file lock says so); runs it finds unfinished at start belonged to a process
 * that died, so they are failed and their completion emitted (a Retry on {@code Glue.JobFailed}
 * starts a fresh run under the next attempt's token).
 */
public final class DuckDbJobEngine implements JobLauncher, AutoCloseable {
    private static final Logger LOG = Logger.getLogger(DuckDbJobEngine.class.getName());
    private static final Pattern JOB_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}");

    private final JobEngineSettings settings;
    private final Consumer<JobRun> completions;
    private final Clock clock;
    private final RunDirectory runs;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final Map<String, DuckDbRun> active = new ConcurrentHashMap<>();

    /** @param completions told once when each run ends (for example {@code JobCompletions}, to wake a waiting task) */
    public DuckDbJobEngine(JobEngineSettings settings, Consumer<JobRun> completions, Clock clock) {
        this.settings = settings;
        this.completions = completions;
        this.clock = clock;
        try {
            Files.createDirectories(settings.workDir());
            this.lockChannel = FileChannel.open(settings.workDir().resolve("engine.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            this.lock = tryLock(lockChannel);
        } catch (IOException e) {
            throw new UncheckedIOException("Could not lock the job engine's work directory " + settings.workDir(), e);
        }
        if (lock == null) {
            closeQuietly(lockChannel);
            throw new IllegalStateException("Another job engine is using " + settings.workDir() + "; give each engine its own work directory.");
        }
        this.runs = new RunDirectory(settings.workDir());
        failOrphans();
    }

    @Override
    public JobRun start(JobRequest request) {
        String runId = runId(request.jobName(), request.clientToken());
        Optional<JobRun> existing = runs.read(runId);
        if (existing.isPresent()) {
            return existing.get();
        }
        JobRun run = new JobRun(runId, request.jobName(), request.clientToken(), JobRun.State.RUNNING, null,
                shown(runs.logFile(runId)), clock.instant(), null);
        if (runs.create(run)) {
            DuckDbRun worker = new DuckDbRun(run, script(request.jobName()), request.arguments(), settings, runs.logFile(runId), clock, this::finish);
            active.put(runId, worker);
            Thread.ofPlatform().name("duckdb-job-" + runId).daemon(true).start(worker);
            return run;
        }
        return runs.read(runId).orElseThrow();
    }

    @Override
    public Optional<JobRun> status(String runId) {
        return runs.read(runId);
    }

    /**
     * The run's log as people see it, in errors, status rows and alerts: relative to the work directory's parent
     * ({@code job-runs/runs/<id>/log.txt} beside the runtime's other folders), never an absolute server path.
     */
    private String shown(Path log) {
        Path work = settings.workDir().toAbsolutePath().normalize();
        Path parent = work.getParent();
        return parent == null ? log.toString() : parent.relativize(log.toAbsolutePath().normalize()).toString();
    }

    /** The run's script, or the reason it has none (the run then fails with that reason). */
    private DuckDbRun.Script script(String jobName) {
        if (!JOB_NAME.matcher(jobName).matches()) {
            return DuckDbRun.Script.missing("'" + jobName + "' is not a job name: use letters, digits, '_', '.' and '-'.");
        }
        Path file = settings.scripts().resolve(jobName + ".sql");
        try {
            return DuckDbRun.Script.of(Files.readString(file, StandardCharsets.UTF_8));
        } catch (java.nio.file.NoSuchFileException e) {
            return DuckDbRun.Script.missing("There is no job named '" + jobName + "': no script " + file.getFileName() + " in "
                    + (settings.scripts().getFileName() == null ? settings.scripts() : settings.scripts().getFileName()) + "/.");
        } catch (IOException e) {
            return DuckDbRun.Script.missing("The script of job '" + jobName + "' could not be read: " + e.getMessage());
        }
    }

    private void finish(JobRun ended) {
        runs.write(ended);
        active.remove(ended.runId());
        try {
            completions.accept(ended);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "a completion listener failed for job run " + ended.runId() + "; readers of its status still see it", e);
        }
    }

    private void failOrphans() {
        for (JobRun orphan : runs.unfinished()) {
            finish(new JobRun(orphan.runId(), orphan.jobName(), orphan.clientToken(), JobRun.State.FAILED,
                    "The job engine stopped while this run was in progress; a retry starts a new run.", orphan.logLocation(),
                    orphan.startedOn(), clock.instant()));
        }
    }

    /** The lock, or {@code null} when another engine, in this JVM or another process, holds it. */
    private static FileLock tryLock(FileChannel channel) throws IOException {
        try {
            return channel.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "could not close the lock file", e);
        }
    }

    /** How many runs are in progress in this engine. */
    public int activeRuns() {
        return active.size();
    }

    /** Stops in-progress runs (they end STOPPED), waits briefly for their threads, and releases the work directory. */
    @Override
    public void close() {
        active.values().forEach(DuckDbRun::stop);
        active.values().forEach(r -> r.awaitEnd(settings.stopGrace()));
        try {
            lock.release();
            lockChannel.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "could not release the work directory lock", e);
        }
    }

    /** A run's id: the same (job, client token) always gives the same id. */
    static String runId(String jobName, String clientToken) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest((jobName + "\u0000" + clientToken).getBytes(StandardCharsets.UTF_8));
            return "jr_" + HexFormat.of().formatHex(digest).substring(0, 32);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
