package io.sluice.duckdb;

import io.sluice.orchestration.port.JobRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * One run of a job script on its own thread and its own in-memory DuckDB database. Statements run
 * one by one, each logged with its time and row count; the first error ends the run FAILED with the
 * first lines of DuckDB's message (the log keeps all of it, with DuckDB's suggestions). A
 * {@code COPY ... TO} a file of the store gets the file's folder made first, and the rows such
 * statements write are the run's {@code rowsWritten}. DuckDB reaches no file outside the store
 * ({@link StoreAccess}). Nothing is left open when the run ends.
 */
final class DuckDbRun implements Runnable {

    /** A job's script text, or why there is none. */
    record Script(String text, String missing) {
        static Script of(String text) {
            return new Script(text, null);
        }

        static Script missing(String why) {
            return new Script(null, why);
        }
    }

    private final JobRun run;
    private final Script script;
    private final Map<String, String> arguments;
    private final JobEngineSettings settings;
    private final StoreAccess store;
    private final Path logFile;
    private final Clock clock;
    private final Consumer<JobRun> onEnd;
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile Statement current;
    private volatile boolean stopped;
    /** Rows the run's {@code COPY ... TO} statements wrote: what the run produced. */
    private long rowsWritten;
    private boolean wroteAny;

    DuckDbRun(JobRun run, Script script, Map<String, String> arguments, JobEngineSettings settings, Path logFile, Clock clock,
              Consumer<JobRun> onEnd) {
        this.run = run;
        this.script = script;
        this.arguments = arguments;
        this.settings = settings;
        this.store = new StoreAccess(settings.store());
        this.logFile = logFile;
        this.clock = clock;
        this.onEnd = onEnd;
    }

    @Override
    public void run() {
        JobRun.State state = JobRun.State.FAILED;
        String error = null;
        try (RunLog log = new RunLog(logFile, clock)) {
            log.line("run " + run.runId() + " of job '" + run.jobName() + "' started (client token " + run.clientToken() + ")");
            try {
                execute(log);
                state = stopped ? JobRun.State.STOPPED : JobRun.State.SUCCEEDED;
                error = stopped ? "The run was stopped." : null;
            } catch (SQLException e) {
                state = stopped ? JobRun.State.STOPPED : JobRun.State.FAILED;
                error = stopped ? "The run was stopped." : summary(e.getMessage()) + hint(e.getMessage());
                log.line("DuckDB: " + e.getMessage());
            } catch (RuntimeException e) {
                error = e.getMessage() == null ? e.getClass().getName() : e.getMessage();
            }
            log.line("run ended " + state + (error == null ? "" : ": " + error));
        } catch (RuntimeException e) {
            error = "The run's log could not be written: " + e.getMessage();
        } finally {
            onEnd.accept(new JobRun(run.runId(), run.jobName(), run.clientToken(), state, error, run.logLocation(),
                    run.startedOn(), clock.instant(), wroteAny ? rowsWritten : null));
            ended.countDown();
        }
    }

    private void execute(RunLog log) throws SQLException {
        if (script.missing() != null) {
            throw new IllegalArgumentException(script.missing());
        }
        Map<String, String> values = new HashMap<>(arguments);
        values.put("store", settings.store().toString());
        values.put("run_id", run.runId());
        List<String> statements = SqlScript.split(SqlScript.fill(script.text(), values));
        try (Connection connection = DriverManager.getConnection("jdbc:duckdb:");
             Statement statement = connection.createStatement()) {
            current = statement;
            for (String setting : store.settings(settings.threadsPerRun())) {
                statement.execute(setting);
            }
            for (int i = 0; i < statements.size() && !stopped; i++) {
                log.statement(i + 1, statements.size(), statements.get(i));
                makeFolderFor(statements.get(i));
                long start = System.nanoTime();
                boolean rows = statement.execute(statements.get(i));
                long updated = rows ? -1 : statement.getLargeUpdateCount();
                if (updated >= 0 && SqlScript.copyTarget(statements.get(i)).isPresent()) {
                    rowsWritten += updated;
                    wroteAny = true;
                }
                log.line("ok in " + Duration.ofNanos(System.nanoTime() - start).toMillis() + " ms"
                        + (updated >= 0 ? ", " + updated + " rows" : ""));
            }
        } finally {
            current = null;
        }
    }

    /** The folder of the file a COPY writes, which must be a file of the store (DuckDB would refuse others too, less clearly). */
    private void makeFolderFor(String statement) {
        SqlScript.copyTarget(statement).map(store::fileInside).map(Path::getParent).ifPresent(folder -> {
            try {
                Files.createDirectories(folder);
            } catch (IOException e) {
                throw new UncheckedIOException("Could not make the folder " + folder, e);
            }
        });
    }

    /** DuckDB's message up to its suggestions, on one line: what failed and where, for the task's cause and the status row. */
    static String summary(String message) {
        if (message == null) {
            return "DuckDB failed without a message.";
        }
        StringBuilder out = new StringBuilder();
        for (String line : message.strip().split("\\R")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("Possible ") || l.startsWith("LINE ") || out.length() > 400) {
                break;
            }
            out.append(out.isEmpty() ? "" : "; ").append(l);
        }
        return out.length() > 500 ? out.substring(0, 500) + " ..." : out.toString();
    }

    /** What to do about DuckDB refusing a file: it was not named as a file of the store. */
    private static String hint(String message) {
        return message != null && message.contains("Permission Error") && message.contains("disabled by configuration")
                ? " (a job reaches only the files of the data folder, named from its root: '${store}/<key>')" : "";
    }

    /** Asks the run to stop: the statement in progress is cancelled, and no further one starts. */
    void stop() {
        stopped = true;
        Statement s = current;
        if (s != null) {
            try {
                s.cancel();
            } catch (SQLException e) {
                // The statement ended meanwhile.
            }
        }
    }

    void awaitEnd(Duration grace) {
        try {
            ended.await(grace.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
