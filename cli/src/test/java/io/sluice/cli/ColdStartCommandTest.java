package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.cli.bench.ColdStartBenchAccess;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice bench coldstart}'s own checks and its median; the figures come from running it (bench/README.md). */
class ColdStartCommandTest {

    @Test
    void runsMustBePositive() {
        CliRun run = CliRun.of("bench", "coldstart", "--runs", "0");

        assertThat(run.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(run.err()).contains("--runs expects a whole number >= 1, not 0");
    }

    @Test
    void aFunctionWithoutARecordedEventIsRefusedNamingThoseThatHaveOne() {
        String saved = System.getProperty("sluice.home");
        System.setProperty("sluice.home", Path.of("..").toAbsolutePath().normalize().toString()); // the checkout's examples/
        CliRun run;
        try {
            run = CliRun.of("bench", "coldstart", "--functions", "task-worker,no-such-function");
        } finally {
            if (saved == null) System.clearProperty("sluice.home");
            else System.setProperty("sluice.home", saved);
        }

        assertThat(run.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(run.err()).contains("--functions: no recorded event for 'no-such-function'; expected one of [")
                .contains("task-worker", "http-api").doesNotContain("orchestrator,");
    }

    @Test
    void withoutAnArtifactItSaysHowToBuildOne(@TempDir Path empty) {
        CliRun run = CliRun.of("bench", "coldstart", "--artifact", empty.resolve("sluice-aws.jar").toString());

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.err()).contains("./sluice package aws");
    }

    @Test
    void withoutThePlainSidesClassesItSaysHowToBuildThem(@TempDir Path dir) throws java.io.IOException {
        Path jar = java.nio.file.Files.writeString(dir.resolve("sluice-aws.jar"), "");

        CliRun run = CliRun.of("bench", "coldstart", "--artifact", jar.toString(), "--baseline", dir.resolve("classes").toString());

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.err()).contains("no io.sluice.bench.coldstart.PlainFunctionApplication (the plain side) under "
                + dir.resolve("classes")).contains("mvn -pl bench compile");
    }

    @Test
    void theMedianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertThat(ColdStartBenchAccess.median(List.of(900L, 100L, 300L))).isEqualTo(300L);
        assertThat(ColdStartBenchAccess.median(List.of(400L, 100L, 300L, 1000L))).isEqualTo(350L);
    }
}
