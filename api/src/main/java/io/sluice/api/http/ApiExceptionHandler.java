package io.sluice.api.http;

import java.net.URI;
import java.util.ConcurrentModificationException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error of the API as {@code application/problem+json}: Spring MVC's own (unknown path, wrong
 * method, unreadable body, a query parameter of the wrong type) and Sluice's.
 */
@RestControllerAdvice
class ApiExceptionHandler extends ResponseEntityExceptionHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ApiExceptionHandler.class);
    private static final URI ABOUT_BLANK = URI.create("about:blank");

    @ExceptionHandler(ApiProblems.InvalidRequest.class)
    ResponseEntity<ProblemDetail> invalid(ApiProblems.InvalidRequest e) {
        return e.response();
    }

    @ExceptionHandler(ApiProblems.Unauthorized.class)
    ResponseEntity<ProblemDetail> unauthorized(ApiProblems.Unauthorized e) {
        return e.response();
    }

    @ExceptionHandler(ApiProblems.Forbidden.class)
    ResponseEntity<ProblemDetail> forbidden(ApiProblems.Forbidden e) {
        return ApiProblems.forbidden(e.getMessage());
    }

    @ExceptionHandler(ApiProblems.TooLarge.class)
    ResponseEntity<ProblemDetail> tooLarge(ApiProblems.TooLarge e) {
        return e.response();
    }

    /** The execution kept changing under the orchestrator: asking again is the remedy. */
    @ExceptionHandler(ConcurrentModificationException.class)
    ResponseEntity<ProblemDetail> busy(ConcurrentModificationException e) {
        return ApiProblems.of(HttpStatus.SERVICE_UNAVAILABLE, ApiProblems.CONFLICT, "Execution busy", e.getMessage(), Map.of());
    }

    @Override
    protected ResponseEntity<Object> handleTypeMismatch(TypeMismatchException e, HttpHeaders headers, HttpStatusCode status,
                                                        WebRequest request) {
        String field = e instanceof MethodArgumentTypeMismatchException m ? m.getName() : String.valueOf(e.getPropertyName());
        Class<?> type = e.getRequiredType();
        String expected = type == int.class || type == Integer.class || type == long.class ? "a whole number"
                : "a value of type " + (type == null ? "?" : type.getSimpleName());
        return problem(ApiProblems.invalid(field, expected, field + ": expected " + expected + ", got '" + e.getValue() + "'"));
    }

    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException e, HttpHeaders headers,
                                                                  HttpStatusCode status, WebRequest request) {
        return problem(ApiProblems.invalid("body", "a JSON document", "body: expected a JSON document"));
    }

    /** Spring's own problems (404 for an unknown path, 405, 415, ...) keep their status and get Sluice's type. */
    @Override
    protected ResponseEntity<Object> handleExceptionInternal(Exception e, Object body, HttpHeaders headers, HttpStatusCode status,
                                                             WebRequest request) {
        ResponseEntity<Object> response = super.handleExceptionInternal(e, body, headers, status, request);
        if (response != null && response.getBody() instanceof ProblemDetail p && ABOUT_BLANK.equals(p.getType())) {
            p.setType(URI.create("urn:sluice:problem:" + (status.value() == 404 ? ApiProblems.NOT_FOUND : "http-" + status.value())));
        }
        return response;
    }

    @ExceptionHandler(RuntimeException.class)
    ResponseEntity<ProblemDetail> unexpected(RuntimeException e) {
        LOG.error("request failed", e);
        return ApiProblems.of(HttpStatus.INTERNAL_SERVER_ERROR, "internal", "Internal error",
                "The server failed to handle the request: " + e.getMessage() + " (see its log).", Map.of());
    }

    private static ResponseEntity<Object> problem(ResponseEntity<ProblemDetail> r) {
        return ResponseEntity.status(r.getStatusCode()).headers(r.getHeaders()).body(r.getBody());
    }
}
