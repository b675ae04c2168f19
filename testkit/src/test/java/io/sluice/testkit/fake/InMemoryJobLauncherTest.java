package io.sluice.testkit.fake;

import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.JobRun;
import io.sluice.testkit.contract.JobLauncherContract;
import java.time.Clock;
import java.util.Map;
import java.util.function.Consumer;

/** The in-memory fake passes the same contract as the DuckDB engine, so fast tests can trust it. */
class InMemoryJobLauncherTest extends JobLauncherContract {
    @Override
    protected JobLauncher createLauncher(Consumer<JobRun> completions) {
        return new InMemoryJobLauncher(Map.of(SUCCEEDS, args -> null, FAILS, args -> "Binder Error: column \"x\" not found"),
                completions, Clock.systemUTC());
    }
}
