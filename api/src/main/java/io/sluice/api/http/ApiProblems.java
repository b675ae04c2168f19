package io.sluice.api.http;

import io.sluice.orchestration.json.Json;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/**
 * RFC 9457 problem responses. The {@code type} names the kind of problem
 * ({@code urn:sluice:problem:<kind>}); {@code field} and {@code expected}, when present, say which
 * part of the request was wrong and what would have been right. Public for the kinds a host's own
 * error answers use (a servlet container's, say), so they match the API's.
 */
public final class ApiProblems {
    public static final String INVALID_REQUEST = "invalid-request";
    static final String NOT_FOUND = "not-found";
    static final String CONFLICT = "conflict";
    static final String NAME_TAKEN = "execution-name-taken";
    static final String PIPELINE_INVALID = "pipeline-invalid";
    static final String FUNCTION_FAILED = "function-failed";
    static final String UNAUTHORIZED = "unauthorized";
    static final String FORBIDDEN = "forbidden";
    static final String TOO_LARGE = "payload-too-large";
    static final String REPLAYED = "replayed";
    static final String WEBHOOK_UNAVAILABLE = "webhook-unavailable";
    static final String RATE_LIMITED = "rate-limited";

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

    /**
     * Writes a problem from where no exception handler answers (a filter, Tomcat's error report); the
     * connection is closed after it, as the refused request's body is not worth draining.
     */
    static void write(HttpServletRequest request, HttpServletResponse response, HttpStatusCode status, String kind, String title,
                      String detail, Map<String, Object> extra) throws IOException {
        var body = Json.object().put("type", "urn:sluice:problem:" + kind).put("title", title).put("status", status.value())
                .put("detail", detail).put("instance", request.getRequestURI());
        extra.forEach((k, v) -> body.set(k, Json.NODES.pojoNode(v)));
        response.resetBuffer();
        response.setStatus(status.value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        response.setHeader("Connection", "close");
        response.getOutputStream().write(Json.write(body).getBytes(StandardCharsets.UTF_8));
    }

    static void write(HttpServletRequest request, HttpServletResponse response, HttpStatusCode status, String kind, String title,
                      String detail) throws IOException {
        write(request, response, status, kind, title, detail, Map.of());
    }

    static ResponseEntity<ProblemDetail> invalid(String field, String expected, String detail) {
        return of(HttpStatus.BAD_REQUEST, INVALID_REQUEST, "Invalid request", detail, Map.of("field", field, "expected", expected));
    }

    static ResponseEntity<ProblemDetail> notFound(String detail) {
        return of(HttpStatus.NOT_FOUND, NOT_FOUND, "Not found", detail, Map.of());
    }

    /** 403: the caller sees the thing but may not do this to it. */
    static ResponseEntity<ProblemDetail> forbidden(String detail) {
        return of(HttpStatus.FORBIDDEN, FORBIDDEN, "Forbidden", detail, Map.of());
    }

    /** 401 with the {@code WWW-Authenticate} challenge that says what would be accepted. */
    static final class Unauthorized extends RuntimeException {
        private final String challenge;

        Unauthorized(String detail, String challenge) {
            super(detail);
            this.challenge = challenge;
        }

        ResponseEntity<ProblemDetail> response() {
            ProblemDetail p = detail(HttpStatus.UNAUTHORIZED, UNAUTHORIZED, "Unauthorized", getMessage());
            return ResponseEntity.status(HttpStatus.UNAUTHORIZED).header(HttpHeaders.WWW_AUTHENTICATE, challenge)
                    .contentType(MediaType.APPLICATION_PROBLEM_JSON).body(p);
        }
    }

    /** 403 raised where returning it is awkward (an interceptor). */
    static final class Forbidden extends RuntimeException {
        Forbidden(String detail) {
            super(detail);
        }
    }

    /** 413: the body is longer than {@code limit} bytes. */
    static final class TooLarge extends RuntimeException {
        private final long limit;

        TooLarge(long limit) {
            super("The request body is larger than this API accepts: at most " + limit + " bytes. "
                    + "Put large inputs in the object store and pass their key.");
            this.limit = limit;
        }

        ResponseEntity<ProblemDetail> response() {
            return of(HttpStatus.PAYLOAD_TOO_LARGE, TOO_LARGE, "Payload too large", getMessage(), Map.of("limit", limit));
        }
    }

    /** {@code limit} if it is 1 to {@code max}; otherwise the 400 every list route gives, naming {@code limit}. */
    static int checkedLimit(int limit, int max) {
        if (limit < 1 || limit > max) {
            throw new InvalidRequest("limit", "a number from 1 to " + max, String.valueOf(limit));
        }
        return limit;
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
