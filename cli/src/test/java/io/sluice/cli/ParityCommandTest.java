package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code sluice parity}'s own checks, before anything is built or started. The suite itself runs in CI as the parity
 * module's ParitySuiteTest (and {@code ./sluice parity} runs that module's ParitySuite).
 */
class ParityCommandTest {

    @Test
    void anUnknownHostIsAUsageErrorNamingTheOption() {
        CliRun run = CliRun.of("parity", "--hosts", "local,gcp");
        assertThat(run.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(run.err()).contains("--hosts expects some of local, aws, azure separated by commas, not 'gcp'");
    }

    @Test
    void helpNamesTheSuiteAndItsLastLine() {
        CliRun run = CliRun.of("parity", "--help");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("examples/parity", "{\"local\": \"P/T\", \"aws\": \"P/T\", \"azure\": \"P/T\"}", "--json", "--hosts");
    }
}
