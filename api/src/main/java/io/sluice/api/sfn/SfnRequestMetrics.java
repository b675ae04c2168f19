package io.sluice.api.sfn;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.sluice.functions.observe.SluiceMeters;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Times Step Functions API requests into {@value SluiceMeters#API_REQUESTS}, beside the HTTP API's: the route is the
 * operation's target ({@code AWSStepFunctions.StartExecution}) when it is one the API serves, else {@value #UNMATCHED}
 * (so a caller's made-up targets cannot grow the tag's values); the method and status as answered. Timed on the
 * registry's clock.
 */
final class SfnRequestMetrics {
    static final String UNMATCHED = "unmatched";

    private final MeterRegistry registry;
    private final Set<String> operations;

    SfnRequestMetrics(MeterRegistry registry, Set<String> operations) {
        this.registry = registry;
        this.operations = Set.copyOf(operations);
    }

    long start() {
        return registry.config().clock().monotonicTime();
    }

    void record(long started, SfnRequest request, int status) {
        Timer.builder(SluiceMeters.API_REQUESTS).description("API requests")
                .tags(SluiceMeters.ROUTE, route(request.header("X-Amz-Target")), SluiceMeters.METHOD, request.method(),
                        SluiceMeters.STATUS, Integer.toString(status))
                .register(registry).record(registry.config().clock().monotonicTime() - started, TimeUnit.NANOSECONDS);
    }

    private String route(String target) {
        if (target == null || !target.startsWith(SfnApi.TARGET_PREFIX)) {
            return UNMATCHED;
        }
        return operations.contains(target.substring(SfnApi.TARGET_PREFIX.length())) ? target : UNMATCHED;
    }
}
