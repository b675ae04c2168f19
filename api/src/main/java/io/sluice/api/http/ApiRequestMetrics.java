package io.sluice.api.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.sluice.functions.observe.SluiceMeters;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.concurrent.TimeUnit;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.HandlerMapping;

/**
 * Times every API request into {@value SluiceMeters#API_REQUESTS}, by route pattern (never the path, whose ids are
 * unbounded), method and status; registered before the key check, so refused requests (401, 403) count too. Timed on the
 * registry's clock.
 */
final class ApiRequestMetrics implements HandlerInterceptor {
    private static final String STARTED = ApiRequestMetrics.class.getName() + ".started";
    /** The route of a request no handler matched (and so no pattern names). */
    static final String UNMATCHED = "unmatched";

    private final MeterRegistry registry;

    ApiRequestMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        request.setAttribute(STARTED, registry.config().clock().monotonicTime());
        return true;
    }

    @Override
    public void afterCompletion(HttpServletRequest request, HttpServletResponse response, Object handler, Exception ex) {
        if (!(request.getAttribute(STARTED) instanceof Long started)) {
            return;
        }
        Object pattern = request.getAttribute(HandlerMapping.BEST_MATCHING_PATTERN_ATTRIBUTE);
        Timer.builder(SluiceMeters.API_REQUESTS).description("API requests")
                .tags(SluiceMeters.ROUTE, pattern == null ? UNMATCHED : pattern.toString(), SluiceMeters.METHOD, request.getMethod(),
                        SluiceMeters.STATUS, Integer.toString(response.getStatus()))
                .register(registry).record(registry.config().clock().monotonicTime() - started, TimeUnit.NANOSECONDS);
    }
}
