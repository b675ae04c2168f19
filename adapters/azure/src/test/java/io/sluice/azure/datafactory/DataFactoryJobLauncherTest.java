package io.sluice.azure.datafactory;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import io.sluice.orchestration.port.JobLauncher;
import io.sluice.stubs.azure.FakeDataFactory;
import io.sluice.orchestration.port.JobLauncher.JobRequest;
import io.sluice.orchestration.port.JobRun;
import io.sluice.testkit.contract.JobLauncherContract;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * The job launcher contract for Data Factory pipeline runs, against {@link FakeDataFactory}, a stub of the ARM
 * REST API on loopback (no Data Factory runs here). What this cannot prove: that a real factory accepts the
 * parameters (the pipeline must declare {@code sluiceTaskToken}), how soon {@code queryPipelineRuns} lists a run
 * just created, the real error bodies, throttling, and Azure AD token acquisition.
 */
class DataFactoryJobLauncherTest extends JobLauncherContract {
    private static final TokenCredential FAKE = request -> Mono.just(new AccessToken(FakeDataFactory.TOKEN, OffsetDateTime.now().plusHours(1)));
    private static FakeDataFactory adf;

    @BeforeAll
    static void startStub() throws IOException {
        adf = new FakeDataFactory();
    }

    @AfterAll
    static void stopStub() {
        adf.close();
    }

    private static ArmDataFactoryClient client() {
        return new ArmDataFactoryClient(adf.management(), "sub-1", "rg-1", "adf-1", FAKE);
    }

    @Override
    protected JobLauncher createLauncher(Consumer<JobRun> completions) {
        return new DataFactoryJobLauncher(client(), completions, Clock.systemUTC(), Duration.ofDays(7),
                "https://adf.azure.com/monitoring/pipelineruns/{runId}");
    }

    /** A worker that died after createRun: its retry, in a fresh process (a new launcher), finds that run and starts none. */
    @Test
    void aRunStartedBeforeACrashIsFoundByItsTokenAndNotStartedAgain() {
        String token = "token-crashed-" + System.nanoTime();
        for (int i = 0; i < 3; i++) {
            adf.existingRun("contract-succeeds", Map.of(DataFactoryJobLauncher.TOKEN_PARAMETER, "other-" + i));
        }
        String before = adf.existingRun("contract-succeeds", Map.of(DataFactoryJobLauncher.TOKEN_PARAMETER, token, "day", "2026-11-29"));
        int created = adf.createRuns();

        JobRun found = createLauncher(run -> {}).start(new JobRequest("contract-succeeds", token, Map.of("day", "2026-11-29")));

        assertThat(found.runId()).isEqualTo(before);
        assertThat(found.clientToken()).isEqualTo(token);
        assertThat(found.logLocation()).isEqualTo("https://adf.azure.com/monitoring/pipelineruns/" + before);
        assertThat(adf.createRuns()).isEqualTo(created);
    }

    @Test
    void theArgumentsAndTheTokenReachThePipelineAsParameters() {
        String token = "token-params-" + System.nanoTime();
        JobRun run = createLauncher(r -> {}).start(new JobRequest("contract-succeeds", token, Map.of("input", "raw/x.csv")));
        assertThat(client().run(run.runId()).orElseThrow().parameters())
                .containsEntry("input", "raw/x.csv").containsEntry(DataFactoryJobLauncher.TOKEN_PARAMETER, token);
    }
}
