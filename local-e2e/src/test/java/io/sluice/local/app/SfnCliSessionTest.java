package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code examples/sfn-api/cli-session.sh}, the AWS CLI session of the example, run against the local runtime's Step
 * Functions API: the AWS CLI (a client nobody here wrote) creates a machine, starts it, reads its history, answers
 * its task token with a failure, redrives it, answers the new token and calls TestState. Skipped, saying so, on a
 * machine without {@code aws} or {@code jq} on its PATH.
 */
class SfnCliSessionTest {
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);

    @TempDir
    Path folder;

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    private static Path script() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("examples/sfn-api/cli-session.sh"))) {
                return dir.resolve("examples/sfn-api/cli-session.sh");
            }
        }
        throw new IllegalStateException("no examples/sfn-api/cli-session.sh in " + Path.of("").toAbsolutePath() + " or above");
    }

    @Test
    void theCliSessionOfTheExampleRunsAgainstTheLocalRuntime() throws Exception {
        io.sluice.testkit.Requires.tool(onPath("aws"), () -> "the AWS CLI (aws) is not on PATH, so the CLI session cannot run here");
        io.sluice.testkit.Requires.tool(onPath("jq"), () -> "jq is not on PATH, and the CLI session reads the history's JSON with it");
        Files.createDirectories(folder.resolve("pipelines"));
        try (ConfigurableApplicationContext app = SfnApps.start(folder, RUN)) {
            ProcessBuilder pb = new ProcessBuilder("bash", script().toString(), SfnApps.endpoint(app));
            Map<String, String> env = pb.environment();
            env.keySet().removeIf(k -> k.startsWith("AWS_"));
            env.putAll(Map.of("AWS_ACCESS_KEY_ID", "AKIDCLISESSION", "AWS_SECRET_ACCESS_KEY", "not-a-secret",
                    "AWS_DEFAULT_REGION", "us-east-1", "AWS_CONFIG_FILE", "/dev/null", "AWS_SHARED_CREDENTIALS_FILE", "/dev/null",
                    "SFN_MACHINE", "cli-approval-" + RUN));
            pb.redirectOutput(folder.resolve("stdout").toFile()).redirectError(folder.resolve("stderr").toFile());
            Process process = pb.start();
            boolean ended = process.waitFor(180, TimeUnit.SECONDS);
            if (!ended) {
                process.destroyForcibly();
            }
            String stderr = Files.readString(folder.resolve("stderr"));
            assertThat(ended).as("the session ended within 180 s; its log:\n" + stderr).isTrue();
            assertThat(process.exitValue()).as("exit status; the session's log:\n" + stderr).isZero();
            List<String> lines = Files.readAllLines(folder.resolve("stdout"));
            JsonNode summary = Json.parse(lines.getLast());
            assertThat(summary.get("status").asText()).isEqualTo("SUCCEEDED");
            assertThat(summary.get("execution").asText()).startsWith("arn:aws:states:us-east-1:123456789012:execution:cli-approval-" + RUN + ":order-42-");
            assertThat(summary.get("redriveCount").asInt()).isEqualTo(1);
            assertThat(summary.at("/output/approval/approved").asBoolean()).isTrue();
            assertThat(summary.at("/output/order").asInt()).isEqualTo(42);
            assertThat(summary.get("events").asInt()).as("the history of two attempts").isGreaterThan(12);
            assertThat(summary.at("/testState/status").asText()).isEqualTo("SUCCEEDED");
            assertThat(summary.at("/testState/nextState").asText()).isEqualTo("NeedsApproval");
            assertThat(stderr).contains("TaskScheduled", "ExecutionRedriven", "Approval.Rejected");
            assertThat(summary.at("/activity/status").asText()).as("the activity worker's execution").isEqualTo("SUCCEEDED");
            assertThat(summary.at("/activity/input")).as("what get-activity-task handed the worker").isEqualTo(Json.parse("{\"order\": 42}"));
            assertThat(summary.at("/activity/output/by").asText()).isEqualTo("cli-session-worker");
            assertThat(stderr).contains("cli-approval-" + RUN + "-packing");
            assertThat(folder.resolve("pipelines/cli-approval-" + RUN + ".asl.json")).as("the session deletes its machine").doesNotExist();
        } finally {
            SfnApps.cleanUp(RUN);
        }
    }
}
