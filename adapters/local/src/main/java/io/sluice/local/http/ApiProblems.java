package io.sluice.local.http;

import java.net.URI;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/**
 * RFC 9457 problem responses. The {@code type} names the kind of problem
 * ({@code urn:sluice:problem:<kind>}); {@code field} and {@code expected}, when present, say which
 * part of the request was wrong and what would have been right.
 */
final class ApiProblems {
    static final String INVALID_REQUEST = "invalid-request";
    static final String NOT_FOUND = "not-found";
    static final String CONFLICT = "conflict";
    static final String NAME_TAKEN = "execution-name-taken";
    static final String PIPELINE_INVALID = "pipeline-invalid";
    static final String FUNCTION_FAILED = "function-failed";

    private ApiProblems() {}

    static ProblemDetail detail(HttpStatus status, String kind, String title, String detail) {
        ProblemDetail p = ProblemDetail.forStatusAndDetail(status, detail);
        p.setType(URI.create("urn:sluice:problem:" + kind));
        p.setTitle(title);
        return p;
    }

    static ResponseEntity<ProblemDetail> response(ProblemDetail p) {
        return ResponseEntity.status(p.getStatus()).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(p);
    }

    static ResponseEntity<ProblemDetail> of(HttpStatus status, String kind, String title, String detail, Map<String, Object> extra) {
        ProblemDetail p = detail(status, kind, title, detail);
        extra.forEach(p::setProperty);
        return response(p);
    }

    static ResponseEntity<ProblemDetail> invalid(String field, String expected, String detail) {
        return of(HttpStatus.BAD_REQUEST, INVALID_REQUEST, "Invalid request", detail, Map.of("field", field, "expected", expected));
    }

    static ResponseEntity<ProblemDetail> notFound(String detail) {
        return of(HttpStatus.NOT_FOUND, NOT_FOUND, "Not found", detail, Map.of());
    }

    /** A request part that cannot be used: {@code field} was not {@code expected}. */
    static final class InvalidRequest extends RuntimeException {
        private final String field;
        private final String expected;

        InvalidRequest(String field, String expected, String got) {
            super(field + ": expected " + expected + (got == null ? "" : ", got " + got));
            this.field = field;
            this.expected = expected;
        }

        ResponseEntity<ProblemDetail> response() {
            return invalid(field, expected, getMessage());
        }
    }
}
