package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.cli.bundle.PipelineFolder;
import io.sluice.local.app.LocalAppTest;
import io.sluice.orchestration.integration.Platform;
import io.sluice.testkit.Requires;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code infra-terraform/smoke}, the first deploy's smoke command (docs/first-deploy.md), run as a user runs it (bash,
 * curl, python3) against a real Sluice HTTP API: the local runtime's, whose API and engine are the ones the clouds run.
 * It reports each hop of the run (API, orchestrator, task, status) and, on a failure, the hop where it stopped. The smoke
 * pipeline of {@code examples/smoke} is validated for both clouds as the package commands validate it.
 */
class SmokeScriptTest extends LocalAppTest {
    private static final Path SCRIPT = Path.of("../infra-terraform/smoke").toAbsolutePath().normalize();

    @Test
    void aRunThatSucceedsIsReportedHopByHop() throws Exception {
        Run run = smoke("--url", url(), "--pipeline", "shout", "--input", "{\"text\": \"smoke\"}", "--timeout", "60");

        assertThat(run.exit()).as(run.err()).isZero();
        List<String> lines = run.out().lines().toList();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).matches("api +ok +started shout:smoke-\\S+ \\(RUNNING\\)");
        assertThat(lines.get(1)).matches("orchestrator +ok .*");
        assertThat(lines.get(2)).matches("task +ok .*");
        assertThat(lines.get(3)).matches("status +ok +shout:smoke-\\S+ SUCCEEDED");
    }

    @Test
    void aPipelineThatIsNotDeployedStopsAtTheApiAndSaysWhy() throws Exception {
        Run run = smoke("--url", url(), "--pipeline", "not-bundled", "--timeout", "5");

        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.out()).matches("api +FAIL +HTTP 404: .*\\n");
        assertThat(run.err()).contains("smoke: stopped at api: no pipeline 'not-bundled' in the bundle");
    }

    @Test
    void noServerAndBadArgumentsAreNamed() throws Exception {
        Run absent = smoke("--url", "http://127.0.0.1:1", "--timeout", "5");
        assertThat(absent.exit()).isEqualTo(1);
        assertThat(absent.err()).contains("stopped at api: ").contains("check the URL");

        Run noUrl = smoke("--pipeline", "smoke");
        assertThat(noUrl.exit()).isEqualTo(2);
        assertThat(noUrl.err()).contains("--url: expected the API's base URL");

        Run badInput = smoke("--url", url(), "--input", "{nope");
        assertThat(badInput.exit()).isEqualTo(2);
        assertThat(badInput.err()).contains("--input: expected a JSON value");
    }

    @Test
    void theSmokePipelineIsValidOnBothClouds() throws IOException {
        for (Platform platform : List.of(Platform.AWS, Platform.AZURE)) {
            List<String> problems = new ArrayList<>();
            Map<String, byte[]> files = PipelineFolder.collect(CliRun.EXAMPLES.resolve("smoke/pipelines"), platform, problems, new ArrayList<>());
            assertThat(problems).as(platform.id()).isEmpty();
            assertThat(files).as(platform.id()).containsOnlyKeys("smoke.asl.json", "triggers.json"); // no rules of its own: none bundled
        }
    }

    private record Run(int exit, String out, String err) {}

    private static Run smoke(String... args) throws Exception {
        for (String tool : List.of("bash", "curl", "python3")) {
            Requires.tool(onPath(tool), () -> "no " + tool + " on the PATH (the smoke script needs bash, curl and python3)");
        }
        List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("smoke", ".out");
        Path err = Files.createTempFile("smoke", ".err");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("the smoke script ends").isTrue();
            return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
