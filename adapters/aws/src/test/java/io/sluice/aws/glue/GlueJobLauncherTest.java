package io.sluice.aws.glue;

import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.JobRun;
import io.sluice.testkit.contract.JobLauncherContract;
import java.time.Clock;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The JobLauncher contract against a <b>stub</b> of Glue ({@code GlueStub}: nothing serves Glue here), with the
 * claims in a real Redis. Completions come as on AWS: the stub publishes Glue's "Job State Change" event when a
 * run ends, and {@link GlueJobStateHandler} turns it into the completion the listener gets.
 */
class GlueJobLauncherTest extends JobLauncherContract {
    private static GlueTestFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new GlueTestFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Override
    protected JobLauncher createLauncher(Consumer<JobRun> completions) {
        GlueJobLauncher launcher = fixture.launcher(Clock.systemUTC(), "contract");
        GlueJobStateHandler handler = new GlueJobStateHandler(launcher, completions);
        fixture.stub.onEvent(handler::apply);
        return launcher;
    }
}
