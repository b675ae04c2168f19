package io.sluice.api.http;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Map;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Errors the servlet container forwards to {@code /error} (a filter failed, {@code sendError}) as
 * problem+json, in place of Spring Boot's JSON of another shape; the exception itself is not shown.
 */
@RestController
class ProblemErrorController implements ErrorController {

    @RequestMapping("/error")
    ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        HttpStatus status = code instanceof Integer i && HttpStatus.resolve(i) != null ? HttpStatus.valueOf(i) : HttpStatus.INTERNAL_SERVER_ERROR;
        String kind = status == HttpStatus.NOT_FOUND ? ApiProblems.NOT_FOUND : status.is5xxServerError() ? "internal" : "http-" + status.value();
        String detail = status.is5xxServerError() ? "The server failed to handle the request (see its log)."
                : "The request could not be handled: " + status.getReasonPhrase() + ".";
        return ApiProblems.of(status, kind, status.getReasonPhrase(), detail, Map.of());
    }
}
