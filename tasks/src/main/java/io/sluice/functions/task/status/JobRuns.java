package io.sluice.functions.task.status;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.task.jobs.JobRunJson;
import io.sluice.functions.task.jobs.JobRunJson.Described;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The job runs a run made, as write-status's optional {@code jobRuns} gives them: an object of step
 * name to glue-launch result (what the patterns keep at {@code $.runs}) or an array of them. From them
 * the status row takes its job log link (the last run to complete), its rows in (the rows written by
 * the first run, the job that brings the data in) and its rows out (the rows written by the last run,
 * what the pipeline produced), each only where the input does not give it. Values that are not job
 * runs are ignored.
 */
record JobRuns(List<Described> runs) {
    private static final Instant NEVER = Instant.MIN;

    static JobRuns read(JsonNode given) {
        List<Described> runs = new ArrayList<>();
        if (given == null || given.isNull()) {
            return new JobRuns(runs);
        }
        if (!given.isObject() && !given.isArray()) {
            throw StatusJson.invalid("'jobRuns' must be an object of step names to glue-launch results, or an array of them.");
        }
        given.forEach(run -> JobRunJson.read(run).ifPresent(runs::add));
        return new JobRuns(List.copyOf(runs));
    }

    /** The log of the run that completed last, or {@code null}. */
    String lastLog() {
        return runs.stream().filter(r -> r.logLocation() != null)
                .max(Comparator.comparing(r -> Objects.requireNonNullElse(r.completedOn(), NEVER)))
                .map(Described::logLocation).orElse(null);
    }

    /** The rows written by the run that completed last, or {@code null} when it did not count them. */
    Long lastRowsWritten() {
        return runs.stream().max(Comparator.comparing(r -> Objects.requireNonNullElse(r.completedOn(), NEVER)))
                .map(Described::rowsWritten).orElse(null);
    }

    /** The rows written by the run that started first, or {@code null} when it did not count them. */
    Long firstRowsWritten() {
        return runs.stream().min(Comparator.comparing(r -> Objects.requireNonNullElse(r.startedOn(), Instant.MAX)))
                .map(Described::rowsWritten).orElse(null);
    }
}
