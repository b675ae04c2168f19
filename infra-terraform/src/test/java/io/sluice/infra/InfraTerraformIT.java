package io.sluice.infra;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Runs {@code infra-terraform/check} (terraform fmt, validate and test with mocked providers, the
 * least-privilege check over plan JSON, the offline Azure checks) as part of {@code mvn verify}.
 * The script decides what a missing tool means: exit 77 (only possible without {@code CI=true})
 * skips this test, any other non-zero exit fails it with the script's own lines.
 */
class InfraTerraformIT {
    private static final int SKIPPED = 77;

    @Test
    void theTerraformChecksPass() throws IOException, InterruptedException {
        Path check = repositoryRoot().resolve("infra-terraform").resolve("check");
        Process process = new ProcessBuilder("bash", check.toString())
                .directory(check.getParent().toFile())
                .redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        StringBuilder output = new StringBuilder();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = lines.readLine()) != null; ) {
                System.out.println("[infra-terraform] " + line);
                output.append(line).append('\n');
            }
        }
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("infra-terraform/check did not finish within 10 minutes:\n" + output);
        }
        io.sluice.testkit.Requires.tool(process.exitValue() != SKIPPED, () -> "a tool is missing, so checks were skipped:\n" + output);
        assertThat(process.exitValue()).as("infra-terraform/check exit code; its output:\n%s", output).isZero();
    }

    private static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("infra-terraform").resolve("check"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no infra-terraform/check above " + Path.of("").toAbsolutePath());
    }
}
