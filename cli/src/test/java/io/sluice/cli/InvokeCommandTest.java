package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice invoke}'s own checks. The invocations themselves (every recorded event through the real handler)
 * are RecordedAwsEventsTest's, in adapters/aws, where the handler is on the classpath.
 */
class InvokeCommandTest {

    @Test
    void anUnknownPlatformIsAUsageError() {
        CliRun run = CliRun.of("invoke", "--platform", "gcp", "--function", "orchestrator", "--event", CliRun.example("events/aws/orchestrator-sqs.json"));

        assertThat(run.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(run.err()).contains("--platform expects 'aws' or 'azure', not 'gcp'");
    }

    @Test
    void aMissingEventFileIsAUsageError() {
        CliRun run = CliRun.of("invoke", "--platform", "aws", "--function", "orchestrator", "--event", "no/such/event.json");

        assertThat(run.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(run.err()).contains("--event: no such file no/such/event.json");
    }

    @Test
    void withoutAnArtifactItSaysHowToBuildOne(@TempDir Path empty) {
        CliRun run = CliRun.of("invoke", "--platform", "aws", "--function", "orchestrator", "--event", CliRun.example("events/aws/orchestrator-sqs.json"),
                "--artifact", empty.resolve("sluice-aws.jar").toString());

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.err()).contains("no artifact at " + empty.resolve("sluice-aws.jar")).contains("./sluice package aws");
    }
}
