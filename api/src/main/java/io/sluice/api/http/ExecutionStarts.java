package io.sluice.api.http;

import io.sluice.orchestration.path.RandomSource;
import io.sluice.functions.start.StartResult;
import io.sluice.api.port.ExecutionControl;
import io.sluice.api.port.Pipelines;
import io.sluice.api.tenant.Caller;
import io.sluice.api.tenant.Tenants;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;

/**
 * Starts an execution for a caller, and says how it went in HTTP terms: 201 new, 200 running under
 * that name already, 404 no such pipeline (or one the caller's tenant does not own: the two answers
 * are the same, so ids do not leak), 403 a reader's key, 409 the name was used, 422 an invalid file,
 * 429 (with {@code Retry-After}) the pipeline's tenant is over its start limit.
 */
@Component
class ExecutionStarts {
    private final RandomSource random;
    private final Pipelines pipelines;
    private final ExecutionControl executions;
    private final Tenants tenants;
    private final TenantStartLimit limit;

    ExecutionStarts(Pipelines pipelines, ExecutionControl executions, Tenants tenants, TenantStartLimit limit, RandomSource random) {
        this.random = random;
        this.pipelines = pipelines;
        this.executions = executions;
        this.tenants = tenants;
        this.limit = limit;
    }

    ResponseEntity<?> start(Caller caller, String id, StartRequest request) {
        if (!caller.sees(id)) {
            return noPipeline(caller, id);
        }
        Pipelines.Lookup lookup = pipelines.find(id);
        if (lookup instanceof Pipelines.Lookup.Missing) {
            return noPipeline(caller, id);
        }
        if (!caller.mayChange()) {
            return ApiProblems.forbidden("This key may read only; starting an execution needs an operator key.");
        }
        // The owner's bucket, whoever starts: a signed webhook has no key but spends its tenant's starts too.
        String tenant = caller.tenant() != null ? caller.tenant() : tenants.tenantOf(id).orElse(null);
        Optional<Duration> wait = lookup instanceof Pipelines.Lookup.Found ? limit.wait(tenant) : Optional.empty();
        if (wait.isPresent()) {
            return rateLimited(wait.get());
        }
        return switch (lookup) {
            case Pipelines.Lookup.Found f -> started(executions.start(f.id(), request.executionName(random), request.input(), request.options()));
            case Pipelines.Lookup.Invalid i -> invalidPipeline(i);
            case Pipelines.Lookup.Missing m -> noPipeline(caller, id);
        };
    }

    private static ResponseEntity<?> started(StartResult result) {
        return switch (result) {
            case StartResult.Started s -> ResponseEntity.status(HttpStatus.CREATED).body(ExecutionViews.summary(s.execution()));
            case StartResult.AlreadyRunning r -> ResponseEntity.ok(ExecutionViews.summary(r.execution()));
            case StartResult.NameTaken t -> ApiProblems.of(HttpStatus.CONFLICT, ApiProblems.NAME_TAKEN, "Execution name taken",
                    t.message(), Map.of("field", "name", "expected", "a name not used before by this pipeline",
                            "executionId", t.execution().executionId(), "executionStatus", t.execution().status()));
            // Found a moment ago, then gone or broken (the file changed): the same answer as an invalid pipeline.
            case StartResult.Refused r -> ApiProblems.of(HttpStatus.UNPROCESSABLE_ENTITY, ApiProblems.PIPELINE_INVALID, "Pipeline invalid",
                    "Pipeline '" + r.pipeline() + "' cannot run: " + r.reason(), Map.of("problems", List.of(r.reason())));
        };
    }

    private static ResponseEntity<?> rateLimited(Duration wait) {
        long seconds = Math.max(1, (wait.toMillis() + 999) / 1000);
        ProblemDetail p = ApiProblems.detail(HttpStatus.TOO_MANY_REQUESTS, ApiProblems.RATE_LIMITED, "Too many starts",
                "This tenant starts executions faster than its limit allows; try again in " + seconds + " s.");
        p.setProperty("retryAfterSeconds", seconds);
        return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS).header(HttpHeaders.RETRY_AFTER, Long.toString(seconds))
                .contentType(MediaType.APPLICATION_PROBLEM_JSON).body(p);
    }

    static ResponseEntity<?> invalidPipeline(Pipelines.Lookup.Invalid i) {
        List<String> problems = i.problems().stream().filter(p -> !p.warning()).map(Pipelines.Problem::text).toList();
        return ApiProblems.of(HttpStatus.UNPROCESSABLE_ENTITY, ApiProblems.PIPELINE_INVALID, "Pipeline invalid",
                "Pipeline '" + i.id() + "' cannot run: " + String.join("; ", problems), Map.of("problems", problems));
    }

    /** The same answer for a pipeline that does not exist and for one of another tenant. */
    ResponseEntity<?> noPipeline(Caller caller, String id) {
        String where = caller.tenant() == null ? ": expected " + pipelines.whereExpected(id) : "";
        return ApiProblems.notFound("No pipeline '" + id + "'" + where + ".");
    }
}
