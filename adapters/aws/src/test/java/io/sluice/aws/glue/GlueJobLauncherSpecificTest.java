package io.sluice.aws.glue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.stubs.aws.AwsJsonStub.Call;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.task.Backoff;
import io.sluice.functions.task.jobs.GlueLaunch;
import io.sluice.functions.task.jobs.JobCompletions;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ClaimResult;
import io.sluice.orchestration.port.JobLauncher.JobRequest;
import io.sluice.orchestration.port.JobRun;
import io.sluice.testkit.time.ManualClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Glue launcher's own promises against the <b>Glue stub</b> (nothing serves Glue here): what reaches Glue on
 * a start, a redelivery after the claim holder died finding the run it started, stopping a run, and the
 * {@code .sync} wait of glue-launch woken by the job-state event rather than by its (here: hour-long) poll.
 */
class GlueJobLauncherSpecificTest {
    private static final Instant T0 = Instant.parse("2026-11-29T06:00:00Z");
    private static GlueTestFixture fixture;

    @BeforeAll
    static void start() {
        fixture = new GlueTestFixture();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @Test
    void aStartPassesTheArgumentsWithDashesAndTheTokenAsARunArgument() {
        String token = "token-" + UUID.randomUUID();
        JobRun run = fixture.launcher(Clock.systemUTC(), "t").start(new JobRequest(GlueTestFixture.SUCCEEDS, token,
                Map.of("input", "raw/orders/2026-11-29.csv", "partition", "2026-11-29")));

        Call start = fixture.stub.calls("StartJobRun").stream().filter(c -> c.body().path("Arguments").path("--sluice-task-token")
                .asText().equals(token)).findFirst().orElseThrow();
        assertThat(start.body().path("JobName").asText()).isEqualTo(GlueTestFixture.SUCCEEDS);
        assertThat(start.body().path("Arguments")).isEqualTo(Json.parse("{\"--input\": \"raw/orders/2026-11-29.csv\", "
                + "\"--partition\": \"2026-11-29\", \"--sluice-task-token\": \"" + token + "\"}"));
        assertThat(run.runId()).startsWith(GlueTestFixture.SUCCEEDS + ":jr_");
        assertThat(run.clientToken()).isEqualTo(token);
        assertThat(run.logLocation()).isEqualTo("/aws-glue/jobs/" + run.runId().substring(run.runId().indexOf(':') + 1));
    }

    @Test
    void aRedeliveryAfterTheClaimHolderDiedFindsTheRunItStartedAmongOlderPages() {
        String token = "token-" + UUID.randomUUID();
        // The holder claimed the token, started its run, and died before recording it; 450 runs came after.
        fixture.claims().claim(GlueJobLauncher.claimKey(GlueTestFixture.SUCCEEDS, token), "dead-worker", T0, Duration.ofMinutes(1));
        String orphan = fixture.glue.startJobRun(b -> b.jobName(GlueTestFixture.SUCCEEDS)
                .arguments(Map.of("--sluice-task-token", token))).jobRunId();
        for (int i = 0; i < 450; i++) {
            fixture.glue.startJobRun(b -> b.jobName(GlueTestFixture.SUCCEEDS).arguments(Map.of("--sluice-task-token", "other")));
        }
        long runs = fixture.stub.runsOf(GlueTestFixture.SUCCEEDS);

        ManualClock clock = new ManualClock(T0.plus(Duration.ofMinutes(2)));
        JobRun found = fixture.launcher(clock, "next-worker").start(new JobRequest(GlueTestFixture.SUCCEEDS, token, Map.of()));

        assertThat(found.runId()).isEqualTo(GlueTestFixture.SUCCEEDS + ":" + orphan);
        assertThat(fixture.stub.runsOf(GlueTestFixture.SUCCEEDS)).as("no second run").isEqualTo(runs);
        assertThat(fixture.claims().claim(GlueJobLauncher.claimKey(GlueTestFixture.SUCCEEDS, token), "x", clock.instant(),
                Duration.ofMinutes(1))).isEqualTo(new ClaimResult.Completed(orphan));
    }

    @Test
    void aStoppedRunEndsStopped() {
        GlueJobLauncher launcher = fixture.launcher(Clock.systemUTC(), "t");
        JobRun run = launcher.start(new JobRequest(GlueTestFixture.SUCCEEDS, "token-" + UUID.randomUUID(), Map.of()));
        assertThat(launcher.stop(run.runId())).isTrue();
        assertThat(fixture.stub.calls("BatchStopJobRun").getLast().body().path("JobRunIds").get(0).asText())
                .isEqualTo(run.runId().substring(run.runId().indexOf(':') + 1));
        JobRun ended = await().atMost(Duration.ofSeconds(30)).until(() -> launcher.status(run.runId()).orElseThrow(), JobRun::finished);
        assertThat(ended.state()).isEqualTo(JobRun.State.STOPPED);
        assertThat(launcher.stop(run.runId())).as("an ended run cannot be stopped").isFalse();
        assertThat(launcher.stop("not-a-run-id")).isFalse();
    }

    @Test
    void aSyncGlueLaunchWakesOnTheJobStateEventNotOnItsPoll() throws Exception {
        GlueJobLauncher launcher = fixture.launcher(Clock.systemUTC(), "t");
        JobCompletions completions = new JobCompletions();
        GlueJobStateHandler handler = new GlueJobStateHandler(launcher, completions);
        fixture.stub.onEvent(handler::apply);
        // The first status read happens at once; after it the task would poll only after an hour.
        GlueLaunch glueLaunch = new GlueLaunch(launcher, completions, new Backoff(Duration.ofHours(1), 2.0, Duration.ofHours(1), 0),
                Clock.systemUTC());
        String token = "token-" + UUID.randomUUID();
        CompletableFuture<JsonNode> result = CompletableFuture.supplyAsync(() -> glueLaunch.apply(
                Json.object().put("JobName", GlueTestFixture.SUCCEEDS), new TaskContext(token, null, null, IntegrationPattern.SYNC, null,
                        new io.sluice.functions.tenancy.Owner.Platform(null, null))));

        await().atMost(Duration.ofSeconds(30)).until(() -> completions.waiting() == 1);
        String runId = launcher.findByToken(GlueTestFixture.SUCCEEDS, token).orElseThrow();
        // The start and the wait's first read are the run's two polls; the next poll of glue-launch is an hour away.
        await().atMost(Duration.ofSeconds(30)).until(() -> fixture.stub.calls("GetJobRun").stream()
                .filter(c -> c.body().path("RunId").asText().equals(runId)).count() == 2);
        // Glue finishes the run (its third poll, by someone else), and EventBridge delivers its event.
        fixture.glue.getJobRun(b -> b.jobName(GlueTestFixture.SUCCEEDS).runId(runId));

        JsonNode out = result.get(30, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(out.path("JobRunState").asText()).isEqualTo("SUCCEEDED");
        assertThat(out.path("Id").asText()).isEqualTo(GlueTestFixture.SUCCEEDS + ":" + runId);
        assertThat(completions.waiting()).isZero();
    }

    @Test
    void theEventOfAnotherKindIsIgnoredAndAMalformedOneThrows() {
        GlueJobStateHandler handler = new GlueJobStateHandler(fixture.launcher(Clock.systemUTC(), "t"), run -> { });
        assertThat(Json.parse(handler.apply("{\"source\": \"aws.glue\", \"detail-type\": \"Glue Job Run Status\", \"detail\": {}}"))
                .path("outcome").asText()).isEqualTo("ignored");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> handler.apply("{\"source\": \"aws.s3\"}"))
                .hasMessageContaining("not an EventBridge event from aws.glue");
    }
}
