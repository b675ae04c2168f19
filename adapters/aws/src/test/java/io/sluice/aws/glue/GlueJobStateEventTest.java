package io.sluice.aws.glue;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.aws.glue.GlueJobStateEvent.Parsed;
import io.sluice.orchestration.port.JobRun;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Glue's EventBridge events, in the shape AWS documents them ({@code events/glue/*.json}), read as run completions. */
class GlueJobStateEventTest {

    private static String event(String name) throws IOException {
        try (InputStream in = GlueJobStateEventTest.class.getResourceAsStream("/events/glue/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aSucceededRunIsACompletionEndedAtTheEventsTime() throws IOException {
        assertThat(GlueJobStateEvent.read(event("job-state-succeeded.json"))).isEqualTo(new Parsed.Ended(new JobRun(
                "orders-enrich:jr_3f2a9c61b0e44d7a8e1f5c2b9d0a7e6f3f2a9c61b0e44d7a8e1f5c2b9d0a7e6f", "orders-enrich", null,
                JobRun.State.SUCCEEDED, null, null, null, Instant.parse("2026-11-29T06:12:41Z"))));
    }

    @Test
    void aFailedRunCarriesGluesMessageAsItsError() throws IOException {
        assertThat(GlueJobStateEvent.read(event("job-state-failed.json"))).isInstanceOfSatisfying(Parsed.Ended.class, e -> {
            assertThat(e.run().state()).isEqualTo(JobRun.State.FAILED);
            assertThat(e.run().error()).isEqualTo("AnalysisException: Column 'amount' does not exist");
        });
    }

    @Test
    void aTimeoutIsAFailureThatSaysSo() throws IOException {
        assertThat(GlueJobStateEvent.read(event("job-state-timeout.json"))).isInstanceOfSatisfying(Parsed.Ended.class, e -> {
            assertThat(e.run().state()).isEqualTo(JobRun.State.FAILED);
            assertThat(e.run().error()).isEqualTo("Glue stopped the run at its timeout: Job run timed out");
        });
    }

    @Test
    void otherGlueEventsAreIgnoredAndOthersAreMalformed() throws IOException {
        assertThat(GlueJobStateEvent.read(event("job-run-status.json"))).isInstanceOf(Parsed.Ignored.class);
        assertThat(GlueJobStateEvent.read("{\"source\": \"aws.glue\", \"detail-type\": \"Glue Job State Change\", \"detail\": "
                + "{\"jobName\": \"j\", \"state\": \"RUNNING\", \"jobRunId\": \"jr_1\"}}")).isInstanceOf(Parsed.Ignored.class);
        assertThat(GlueJobStateEvent.read("{\"source\": \"aws.glue\", \"detail-type\": \"Glue Job State Change\", \"detail\": {}}"))
                .isInstanceOf(Parsed.Malformed.class);
        assertThat(GlueJobStateEvent.read("not json")).isInstanceOf(Parsed.Malformed.class);
    }
}
