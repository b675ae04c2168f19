package io.sluice.testkit.fake;

import io.sluice.orchestration.port.RateLimiter;
import io.sluice.testkit.contract.RateLimiterContract;

/** The in-memory fake passes the same contract as the real adapters, so fast tests can trust it. */
class InMemoryRateLimiterTest extends RateLimiterContract {
    @Override
    protected RateLimiter createLimiter() {
        return new InMemoryRateLimiter();
    }
}
