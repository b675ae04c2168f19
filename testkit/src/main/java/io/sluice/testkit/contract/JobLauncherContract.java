package io.sluice.testkit.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.port.JobLauncher;
import io.sluice.orchestration.port.JobLauncher.JobRequest;
import io.sluice.orchestration.port.JobRun;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every {@link JobLauncher} passes this suite. The implementation under test provides a job named
 * {@link #SUCCEEDS} that ends well and one named {@link #FAILS} that fails, both without arguments,
 * and sends its completions to the listener it is given.
 */
public abstract class JobLauncherContract {
    protected static final String SUCCEEDS = "contract-succeeds";
    protected static final String FAILS = "contract-fails";
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);

    private final List<JobRun> completions = new CopyOnWriteArrayList<>();
    private JobLauncher launcher;

    protected abstract JobLauncher createLauncher(Consumer<JobRun> completions);

    @BeforeEach
    void setUp() {
        launcher = createLauncher(completions::add);
    }

    private static JobRequest request(String job, String token) {
        return new JobRequest(job, token, Map.of());
    }

    private JobRun awaitEnd(String runId) {
        return await().atMost(RUN_TIMEOUT).until(() -> launcher.status(runId).orElseThrow(), JobRun::finished);
    }

    private List<JobRun> completionsOf(String runId) {
        return completions.stream().filter(c -> c.runId().equals(runId)).toList();
    }

    @Test
    void aRunSucceedsAndEmitsOneCompletion() {
        String token = "token-" + UUID.randomUUID();
        JobRun started = launcher.start(request(SUCCEEDS, token));
        assertThat(started.jobName()).isEqualTo(SUCCEEDS);
        assertThat(started.clientToken()).isEqualTo(token);
        JobRun ended = awaitEnd(started.runId());
        assertThat(ended.state()).isEqualTo(JobRun.State.SUCCEEDED);
        assertThat(ended.error()).isNull();
        assertThat(ended.completedOn()).isNotNull().isAfterOrEqualTo(ended.startedOn());
        await().atMost(RUN_TIMEOUT).until(() -> completionsOf(started.runId()).size() == 1);
        assertThat(completionsOf(started.runId()).getFirst().state()).isEqualTo(JobRun.State.SUCCEEDED);
    }

    @Test
    void aFailedRunSaysWhy() {
        JobRun started = launcher.start(request(FAILS, "token-" + UUID.randomUUID()));
        JobRun ended = awaitEnd(started.runId());
        assertThat(ended.state()).isEqualTo(JobRun.State.FAILED);
        assertThat(ended.error()).isNotBlank();
        await().atMost(RUN_TIMEOUT).until(() -> completionsOf(started.runId()).size() == 1);
    }

    @Test
    void theSameClientTokenFindsTheSameRunBeforeAndAfterItEnds() {
        String token = "token-" + UUID.randomUUID();
        JobRun first = launcher.start(request(SUCCEEDS, token));
        assertThat(launcher.start(request(SUCCEEDS, token)).runId()).isEqualTo(first.runId());
        awaitEnd(first.runId());
        JobRun again = launcher.start(request(SUCCEEDS, token));
        assertThat(again.runId()).isEqualTo(first.runId());
        assertThat(again.state()).isEqualTo(JobRun.State.SUCCEEDED);
        await().during(Duration.ofMillis(300)).atMost(RUN_TIMEOUT).until(() -> completionsOf(first.runId()).size() == 1);
    }

    @Test
    void anotherClientTokenStartsAnotherRun() {
        JobRun a = launcher.start(request(SUCCEEDS, "token-" + UUID.randomUUID()));
        JobRun b = launcher.start(request(SUCCEEDS, "token-" + UUID.randomUUID()));
        assertThat(a.runId()).isNotEqualTo(b.runId());
        awaitEnd(a.runId());
        awaitEnd(b.runId());
    }

    @Test
    void anUnknownJobFailsItsRunAndAnUnknownRunReadsEmpty() {
        JobRun run = launcher.start(request("no-such-job-" + UUID.randomUUID(), "token-" + UUID.randomUUID()));
        JobRun ended = awaitEnd(run.runId());
        assertThat(ended.state()).isEqualTo(JobRun.State.FAILED);
        assertThat(ended.error()).contains("no-such-job");
        assertThat(launcher.status("jr_never_" + UUID.randomUUID())).isEmpty();
    }

    @Test
    void tenThreadsStartingOneTokenStartOneRun() throws Exception {
        String token = "token-" + UUID.randomUUID();
        List<String> runIds = Concurrently.run(10, () -> launcher.start(request(SUCCEEDS, token)).runId());
        assertThat(runIds).hasSize(10).containsOnly(runIds.getFirst());
        assertThat(awaitEnd(runIds.getFirst()).state()).isEqualTo(JobRun.State.SUCCEEDED);
        await().during(Duration.ofMillis(300)).atMost(RUN_TIMEOUT).until(() -> completions.size() == 1);
    }
}
