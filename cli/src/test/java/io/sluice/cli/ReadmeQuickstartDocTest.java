package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.local.app.SluiceLocalApplication;
import io.sluice.local.http.LocalSfnApi;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.Requires;
import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * README.md's "Your own pipeline in five minutes", run as it is written, as {@link LocalWalkthroughDocTest} runs
 * examples/local/README.md: the file is written by the README's own lines in a folder of the test's, the runtime is
 * what {@code ./sluice serve} starts there (on the testkit's Redis), and the curl lines, the CLI line and, where the
 * AWS CLI is installed, its lines run in one bash session with the README's addresses replaced by the runtime's.
 */
@SpringBootTest(classes = SluiceLocalApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ReadmeQuickstartDocTest {
    private static final Path README = Path.of("..", "README.md").toAbsolutePath().normalize();
    private static final String SFN_URL = "http://127.0.0.1:8083";
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    private static final Path FOLDER = folder();

    @LocalServerPort
    int port;

    @Autowired
    LocalSfnApi.Endpoint sfn;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("sluice.pipelines-dir", () -> FOLDER.resolve("pipelines").toString());
        registry.add("sluice.data-dir", () -> FOLDER.resolve(".sluice/data").toString());
        registry.add("sluice.state-dir", () -> FOLDER.resolve(".sluice").toString());
        registry.add("sluice.redis.url", () -> RedisTestServer.shared().url());
        registry.add("sluice.redis.key-prefix", () -> "sluice-test:quickstart:" + RUN);
        RedisCleanup.deleteOnExit(RedisTestServer.shared().url(), "sluice-test:quickstart:" + RUN);
        registry.add("sluice.queue-prefix", () -> "qs" + RUN);
        // The pipeline uses a demo function only: no PostgreSQL needed.
        registry.add("sluice.data-functions", () -> false);
        registry.add("server.tomcat.basedir", () -> FOLDER.resolve("tomcat").toString());
        registry.add("sluice.sfn-api.port", () -> 0);
    }

    private static List<List<String>> bash() throws IOException {
        return LocalWalkthroughDocTest.blocks(Files.readString(README), "bash");
    }

    /** The README's lines that write the pipeline and validate it, run in {@code sh}; the serve line is this test's runtime. */
    private static void writePipeline(LocalWalkthroughDocTest.Shell sh) throws IOException {
        List<String> write = bash().get(1);
        assertThat(write.getFirst()).isEqualTo("mkdir -p pipelines");
        assertThat(write.get(1)).isEqualTo("cat > pipelines/hello.asl.json <<'EOF'");
        int eof = write.indexOf("EOF");
        assertThat(eof).as("the heredoc's end").isPositive();
        assertThat(write.subList(eof + 1, write.size())).hasSize(2);
        assertThat(write.getLast().replaceFirst("\\s+#.*$", "")).as("the last line starts the runtime this test runs")
                .isEqualTo("./sluice serve");
        if (!Files.exists(FOLDER.resolve("pipelines/hello.asl.json"))) {
            LocalWalkthroughDocTest.Shell.Result written = sh.run(String.join("\n", write.subList(0, eof + 1)));
            assertThat(written.exit()).as(written.out()).isZero();
        }
        String validateLine = write.get(eof + 1);
        assertThat(validateLine).isEqualTo("./sluice validate pipelines/hello.asl.json");
        LocalWalkthroughDocTest.Shell.Result valid = sh.run(validateLine);
        assertThat(valid.exit()).as(valid.out()).isZero();
    }

    @Test
    void thePipelineStartsAndSucceedsAsTheReadmeSays() throws Exception {
        String readme = Files.readString(README);
        JsonNode documentedOutput = Json.parse(String.join("\n", LocalWalkthroughDocTest.blocks(readme, "json").getFirst()));
        assertThat(readme).contains("http://127.0.0.1:8080/console/");
        try (LocalWalkthroughDocTest.Shell sh = new LocalWalkthroughDocTest.Shell(FOLDER, "http://127.0.0.1:" + port)) {
            writePipeline(sh);
            List<String> start = bash().get(2);
            assertThat(start).hasSize(3);
            assertThat(start.getFirst()).contains("-H 'Content-Type: application/json'");
            // The runtime picks a new file up by itself: as a reader who is quick, start again until it knows the pipeline.
            LocalWalkthroughDocTest.Shell.Result started = await().atMost(Duration.ofSeconds(30)).pollInSameThread()
                    .pollInterval(Duration.ofMillis(200)).until(() -> sh.run(start.get(0)), r -> r.status() != 404);
            assertThat(started.status()).as(started.out()).isEqualTo(201);
            assertThat(started.json().path("executionId").asText()).isEqualTo("hello:first");

            LocalWalkthroughDocTest.Shell.Result ended = await().atMost(Duration.ofSeconds(60)).pollInSameThread()
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> sh.run(start.get(1)), r -> r.status() == 200 && !r.json().path("status").asText().equals("RUNNING"));
            assertThat(ended.json().path("status").asText()).as(ended.out()).isEqualTo("SUCCEEDED");
            assertThat(ended.json().get("output")).as("the output the README shows").isEqualTo(documentedOutput);

            LocalWalkthroughDocTest.Shell.Result listed = sh.run(start.get(2));
            assertThat(listed.exit()).as(listed.out()).isZero();
            assertThat(listed.out()).containsPattern("hello:first +SUCCEEDED");

            LocalWalkthroughDocTest.Shell.Result console = sh.run("curl http://127.0.0.1:8080/console/");
            assertThat(console.status()).as("the console the README names").isEqualTo(200);
        }
    }

    @Test
    void theAwsCliLinesWorkAgainstTheStepFunctionsEndpoint() throws Exception {
        List<String> aws = bash().get(3);
        assertThat(String.join("\n", aws)).contains("export AWS_DISABLE_HOST_PREFIX_INJECTION=true", "--endpoint-url " + SFN_URL);
        Requires.tool(onPath("aws"), () -> "the AWS CLI (aws) is not on PATH, so the README's AWS CLI lines cannot run here");
        String endpoint = sfn.url().orElseThrow();
        try (LocalWalkthroughDocTest.Shell sh = new LocalWalkthroughDocTest.Shell(FOLDER, "http://127.0.0.1:" + port)) {
            writePipeline(sh);
            // The lines as written, continuation lines joined, the README's endpoint replaced by the runtime's.
            String script = String.join("\n", aws).replace(SFN_URL, endpoint);
            List<String> commands = List.of(script.split("(?<!\\\\)\\n"));
            assertThat(commands).hasSize(4);
            for (String command : commands.subList(0, 2)) {
                assertThat(sh.run(command).exit()).isZero();
            }
            LocalWalkthroughDocTest.Shell.Result started = await().atMost(Duration.ofSeconds(30)).pollInSameThread()
                    .pollInterval(Duration.ofMillis(500)).until(() -> sh.run(commands.get(2)), r -> r.exit() == 0);
            assertThat(Json.parse(started.out()).path("executionArn").asText())
                    .startsWith("arn:aws:states:us-east-1:123456789012:execution:hello:");
            LocalWalkthroughDocTest.Shell.Result listed = sh.run(commands.get(3));
            assertThat(listed.exit()).as(listed.out()).isZero();
            assertThat(Json.parse(listed.out()).path("executions")).as(listed.out()).isNotEmpty();
        }
    }

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    private static Path folder() {
        try {
            return Files.createDirectories(Files.createTempDirectory(Files.createDirectories(Path.of("target")), "quickstart-")
                    .toAbsolutePath().resolve("pipelines")).getParent();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
