package io.sluice.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.port.JobLogs;
import io.sluice.api.tenant.Caller;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionSummary;
import java.util.List;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /v1/executions/{id}/job-log?location=}: the log of a job run the execution started, as plain text (its last
 * 256 KiB), where the host keeps job logs it can read (the local one). A log is the execution's when its history names
 * the location (a failed run's {@code LogLocation}, a job's output), so a caller reads only logs of executions it sees;
 * any other is answered as missing (404).
 */
@RestController
class JobLogsController {
    static final int MAX_BYTES = 256 * 1024;
    private static final int MAX_LOCATION = 512;
    private static final int CHUNK = 1000;

    private final ExecutionControl executions;
    private final ObjectProvider<JobLogs> logs;

    JobLogsController(ExecutionControl executions, ObjectProvider<JobLogs> logs) {
        this.executions = executions;
        this.logs = logs;
    }

    @GetMapping("/v1/executions/{id}/job-log")
    ResponseEntity<?> jobLog(@PathVariable String id, @RequestParam(required = false) String location, Caller caller) {
        if (location == null || location.isBlank() || location.length() > MAX_LOCATION) {
            throw new ApiProblems.InvalidRequest("location", "a job run's log location, as its execution's history names it (at most "
                    + MAX_LOCATION + " characters)", location == null ? null : RequestJson.shown(location));
        }
        Optional<ExecutionSummary> s = executions.summary(id).filter(e -> caller.sees(e.pipeline()));
        if (s.isEmpty()) {
            return ExecutionsController.noExecution(id);
        }
        JobLogs host = logs.getIfAvailable();
        if (host == null) {
            return ApiProblems.notFound("This host keeps no job logs it can serve; a job run's log location is a link to its"
                    + " cloud's log service.");
        }
        if (!named(id, location)) {
            return ApiProblems.notFound("No job log " + RequestJson.shown(location) + " in the history of execution '" + id + "'.");
        }
        return host.read(location, MAX_BYTES)
                .<ResponseEntity<?>>map(log -> ResponseEntity.ok().contentType(new MediaType("text", "plain", java.nio.charset.StandardCharsets.UTF_8))
                        .body(log.truncated() ? "(the last " + MAX_BYTES / 1024 + " KiB of the log)\n" + log.text() : log.text()))
                .orElseGet(() -> ApiProblems.notFound("The job log " + RequestJson.shown(location) + " is gone (job runs are"
                        + " kept as long as their folder is)."));
    }

    /** Whether the execution's history names {@code location}: in a line's text, or escaped in a JSON string in it. */
    private boolean named(String id, String location) {
        String escaped = Json.write(Json.NODES.textNode(location));
        escaped = escaped.substring(1, escaped.length() - 1);
        for (int from = 0; ; from += CHUNK) {
            List<JsonNode> lines = executions.history(id, from, CHUNK).orElse(List.of());
            for (JsonNode line : lines) {
                String text = line.toString();
                if (text.contains(location) || text.contains(escaped) || text.contains(escaped.replace("\\", "\\\\"))) {
                    return true;
                }
            }
            if (lines.size() < CHUNK) {
                return false;
            }
        }
    }
}
