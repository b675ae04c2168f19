package io.sluice.api.http;

import io.sluice.api.port.ExecutionControl;
import io.sluice.api.tenant.Caller;
import io.sluice.functions.trigger.Partitions;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.port.ExecutionSummary;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * {@code GET /v1/executions}: the filters checked, and the list as the caller may see it. A tenant's
 * list without a pipeline filter merges its pipelines' lists; a pipeline it does not see lists as
 * empty, as a pipeline that never ran does. The store lists newest first by start time, so the
 * executions since a time are a prefix of that list, and filtering the first {@code limit} is exact.
 */
final class ExecutionListing {
    static final int PARTITION_SCAN = 1000;
    private final ExecutionControl executions;

    ExecutionListing(ExecutionControl executions) {
        this.executions = executions;
    }

    /**
     * The executions that pass the filters; with {@code partition} only the executions whose input's {@code partition} is exactly that one
     * (the start's partition, wherever it came from); found among the newest {@value #PARTITION_SCAN} that pass the others.
     */
    List<ExecutionSummary> list(Caller caller, String pipeline, String status, String since, String partition, int limit) {
        String part = blankToNull(partition);
        if (part == null) {
            return unfiltered(caller, pipeline, status, since, limit);
        }
        if (!Partitions.isValid(part)) {
            throw new ApiProblems.InvalidRequest("partition", Partitions.EXPECTED, RequestJson.shown(part));
        }
        return unfiltered(caller, pipeline, status, since, PARTITION_SCAN).stream()
                .filter(s -> executions.describe(s.executionId())
                        .map(d -> d.execution().input() != null && part.equals(d.execution().input().path("partition").asText(null)))
                        .orElse(false))
                .limit(limit).toList();
    }

    private List<ExecutionSummary> unfiltered(Caller caller, String pipeline, String status, String since, int limit) {
        String wanted = blankToNull(status);
        if (wanted != null && Arrays.stream(ExecutionStatus.values()).noneMatch(s -> s.name().equals(wanted))) {
            throw new ApiProblems.InvalidRequest("status", "one of " + Arrays.toString(ExecutionStatus.values()), RequestJson.shown(wanted));
        }
        Instant from = since(blankToNull(since));
        String only = blankToNull(pipeline);
        List<ExecutionSummary> found;
        if (only != null) {
            found = caller.sees(only) ? executions.list(only, wanted, limit) : List.of();
        } else if (caller instanceof Caller.TenantKey t) {
            found = new ArrayList<>();
            for (String p : t.pipelines()) {
                found.addAll(executions.list(p, wanted, limit));
            }
            found.sort(Comparator.comparing(ExecutionSummary::startTime).reversed());
        } else {
            found = executions.list(null, wanted, limit);
        }
        return found.stream().filter(s -> from == null || !s.startTime().isBefore(from)).limit(limit).toList();
    }

    private static Instant since(String text) {
        if (text == null) {
            return null;
        }
        try {
            return text.length() == 10 ? LocalDate.parse(text).atStartOfDay(ZoneOffset.UTC).toInstant() : Instant.parse(text);
        } catch (DateTimeParseException e) {
            throw new ApiProblems.InvalidRequest("since", "an ISO-8601 instant (2026-11-29T06:00:00Z) or date (2026-11-29, UTC)",
                    RequestJson.shown(text));
        }
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }
}
