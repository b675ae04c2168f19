package io.sluice.api.http;

import io.sluice.functions.observe.CallerTrace;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A request's W3C {@code traceparent} header (https://www.w3.org/TR/trace-context/#traceparent-header) as the caller's
 * trace while the request is served ({@link CallerTrace}), so an execution it starts joins the caller's trace; an
 * invalid header is ignored, and no other header or body value is read.
 */
final class CallerTraceFilter extends OncePerRequestFilter {
    static final String HEADER = "traceparent";

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        try (CallerTrace.Scope scope = CallerTrace.open(request.getHeader(HEADER))) {
            chain.doFilter(request, response);
        }
    }
}
