package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.local.app.SluiceLocalApplication;
import io.sluice.orchestration.json.Json;
import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * examples/local/README.md's walk-through, run as it is written: its code blocks are read from the file, and each
 * command line goes to one bash session, as a reader would type it in their second terminal, in the folder where the
 * runtime runs. The runtime is what {@code ./sluice serve --pipelines examples/local/pipelines} starts — this app on
 * the example folder itself, its demo functions and its triggers — but on the testkit's Redis, with its data and state
 * under target/. {@code ./sluice} in the session is the CLI of this build (a script running {@link SluiceCli} on the
 * test's class path, {@code SLUICE_URL} naming the runtime); {@code curl} is the real one, told to print the HTTP
 * status after the body; the README's {@code http://127.0.0.1:8080} becomes the runtime's address. The only waits are
 * the reader's: the token line is run again until the Approve state waits, the execution read again until it ended,
 * the list of executions until the landed file's run is in it.
 */
@SpringBootTest(classes = SluiceLocalApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class LocalWalkthroughDocTest {
    private static final Path EXAMPLE = Path.of("..", "examples", "local").toAbsolutePath().normalize();
    private static final Path README = EXAMPLE.resolve("README.md");
    private static final String DOC_URL = "http://127.0.0.1:8080";
    private static final Pattern FENCE = Pattern.compile("```(\\w*)\\n(.*?)```", Pattern.DOTALL);
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    /** Where the reader runs serve and types the commands: the runtime's .sluice/ (data, state) is in it. */
    private static final Path FOLDER = folder();

    @LocalServerPort
    int port;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        registry.add("sluice.pipelines-dir", () -> EXAMPLE.resolve("pipelines").toString());
        registry.add("sluice.data-dir", () -> FOLDER.resolve(".sluice/data").toString());
        registry.add("sluice.state-dir", () -> FOLDER.resolve(".sluice").toString());
        registry.add("sluice.redis.url", () -> RedisTestServer.shared().url());
        registry.add("sluice.redis.key-prefix", () -> "sluice-test:walkthrough:" + RUN);
        RedisCleanup.deleteOnExit(RedisTestServer.shared().url(), "sluice-test:walkthrough:" + RUN);
        registry.add("sluice.queue-prefix", () -> "wt" + RUN);
        // The example's pipelines need no PostgreSQL: only the demo functions.
        registry.add("sluice.data-functions", () -> false);
        registry.add("server.tomcat.basedir", () -> FOLDER.resolve("tomcat").toString());
        registry.add("sluice.sfn-api.port", () -> 0);
    }

    private String url() {
        return "http://127.0.0.1:" + port;
    }

    @Test
    void theWalkThroughsCommandsWorkAsWritten() throws Exception {
        String readme = Files.readString(README);
        List<List<String>> blocks = blocks(readme, "bash");
        List<String> walk = blocks.get(0);
        assertThat(withoutComment(walk.get(0))).as("the first command starts the runtime this test runs")
                .isEqualTo("./sluice serve --pipelines examples/local/pipelines");
        assertThat(walk).hasSize(7);
        JsonNode documentedOutput = Json.parse(blocks(readme, "json").get(0).stream().reduce("", (a, b) -> a + b + "\n"));

        try (Shell sh = new Shell(FOLDER, url())) {
            Shell.Result started = sh.run(walk.get(1));
            assertThat(started.exit()).as(started.out()).isZero();
            assertThat(started.out()).isEqualTo("started orders:A-1 (RUNNING)");

            Shell.Result history = sh.run(walk.get(2));
            assertThat(history.exit()).as(history.out()).isZero();
            assertThat(history.out()).contains("EXECUTION_STARTED");

            assertThat(walk.get(3)).startsWith("TOKEN=");
            // As a reader who runs it too early: the line fails (no Approve line yet) until the state waits.
            await().atMost(Duration.ofSeconds(60)).pollInSameThread().pollInterval(Duration.ofMillis(200)).until(() -> sh.run(walk.get(3)).exit() == 0);
            assertThat(sh.run("printf '%s' \"$TOKEN\"").out()).matches("orders:A-1\\.0\\.\\d+\\.0\\.[0-9a-f]{32}");

            Shell.Result callback = sh.run(walk.get(4));
            assertThat(callback.status()).as(callback.out()).isEqualTo(202);

            Shell.Result ended = await().atMost(Duration.ofSeconds(60)).pollInSameThread().pollInterval(Duration.ofMillis(200))
                    .until(() -> sh.run(walk.get(5)), r -> r.status() == 200 && !r.json().path("status").asText().equals("RUNNING"));
            assertThat(ended.json().path("status").asText()).as(ended.out()).isEqualTo("SUCCEEDED");
            assertThat(ended.json().get("output")).as("the output the README shows").isEqualTo(documentedOutput);

            Shell.Result listed = sh.run(walk.get(6));
            assertThat(listed.exit()).as(listed.out()).isZero();
            assertThat(listed.out()).containsPattern("orders:A-1 +SUCCEEDED");

            List<String> emulator = blocks.get(1);
            assertThat(emulator).singleElement().asString().contains("/functions/fail");
            Shell.Result failed = sh.run(emulator.get(0));
            assertThat(failed.status()).as(failed.out()).isEqualTo(422);
            assertThat(failed.json().path("error").asText()).isEqualTo("Export.RateLimited");
            assertThat(failed.json().path("cause").asText()).isEqualTo("slow down");

            List<String> landing = blocks.get(2);
            assertThat(landing).hasSize(3);
            for (String line : landing.subList(0, 2)) {
                Shell.Result r = sh.run(line);
                assertThat(r.exit()).as(line + ": " + r.out()).isZero();
            }
            assertThat(landing.get(2)).startsWith("./sluice executions --pipeline landed-sales");
            Shell.Result runs = await().atMost(Duration.ofSeconds(60)).pollInSameThread().pollInterval(Duration.ofMillis(200))
                    .until(() -> sh.run(landing.get(2)), r -> r.exit() == 0 && r.out().contains("landed-sales:"));
            Matcher id = Pattern.compile("(landed-sales:\\S+) +\\S+").matcher(runs.out());
            assertThat(id.find()).as(runs.out()).isTrue();
            assertThat(runs.out().lines().filter(l -> l.startsWith("landed-sales:"))).as("one run").hasSize(1);
            Matcher documented = Pattern.compile("input (\\{.*})").matcher(landing.get(2));
            assertThat(documented.find()).as("the comment shows the run's input").isTrue();
            JsonNode input = sh.run("curl " + DOC_URL + "/v1/executions/" + id.group(1)).json().get("input");
            assertThat(input).isEqualTo(Json.parse(documented.group(1)));
        }
    }

    /** A folder of this test's own under target/, which the build cleans. */
    private static Path folder() {
        try {
            return Files.createTempDirectory(Files.createDirectories(Path.of("target")), "walkthrough-").toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The command lines (blank ones left out) of each fenced block of {@code language}, in order. */
    static List<List<String>> blocks(String markdown, String language) {
        List<List<String>> blocks = new ArrayList<>();
        Matcher m = FENCE.matcher(markdown);
        while (m.find()) {
            if (m.group(1).equals(language)) {
                blocks.add(m.group(2).lines().filter(l -> !l.isBlank()).toList());
            }
        }
        return blocks;
    }

    private static String withoutComment(String line) {
        return line.replaceFirst("\\s+#.*$", "");
    }

    /** One bash session in {@code folder}, where {@code ./sluice} is this build's CLI talking to {@code url}. */
    static final class Shell implements AutoCloseable {
        private static final Pattern STATUS = Pattern.compile("\\R?HTTP (\\d{3})$");
        private final Process bash;
        private final Writer in;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final String mark = "__done_" + UUID.randomUUID().toString().replace("-", "");
        private final String url;

        /** What a command printed (stdout and stderr), its exit code, and for curl the HTTP status and the body. */
        record Result(int exit, String out) {
            int status() {
                Matcher m = STATUS.matcher(out);
                return m.find() ? Integer.parseInt(m.group(1)) : -1;
            }

            JsonNode json() {
                return Json.parse(STATUS.matcher(out).replaceFirst(""));
            }
        }

        Shell(Path folder, String url) throws IOException {
            this.url = url;
            Path sluice = folder.resolve("sluice");
            // The launcher's JVM flags, then its main class, on this test's class path. Each command is a short-lived JVM:
            // C1 only and the serial collector spend less of CI's two cores on it than the JIT's defaults.
            String flags = "--enable-native-access=ALL-UNNAMED -XX:TieredStopAtLevel=1 -XX:+UseSerialGC"
                    + (Runtime.version().feature() >= 24 ? " --sun-misc-unsafe-memory-access=allow" : "");
            Files.writeString(sluice, "#!/usr/bin/env bash\nexec '" + Path.of(System.getProperty("java.home"), "bin", "java") + "' " + flags
                    + " -cp '" + System.getProperty("java.class.path") + "' io.sluice.cli.SluiceCli \"$@\"\n");
            assertThat(sluice.toFile().setExecutable(true)).isTrue();
            ProcessBuilder pb = new ProcessBuilder("bash", "--noprofile", "--norc").directory(folder.toFile()).redirectErrorStream(true);
            pb.environment().put("SLUICE_URL", url);
            pb.environment().remove("SLUICE_API_KEY");
            // The AWS CLI lines of a page set their own credentials and region; none of the caller's leak in.
            pb.environment().keySet().removeIf(k -> k.startsWith("AWS_"));
            bash = pb.start();
            in = new java.io.OutputStreamWriter(bash.getOutputStream(), StandardCharsets.UTF_8);
            Thread reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(bash.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line = r.readLine(); line != null; line = r.readLine()) {
                        lines.add(line);
                    }
                } catch (IOException e) {
                    // the session ended
                }
            }, "walkthrough-shell");
            reader.setDaemon(true);
            reader.start();
            // A pipeline fails when any part of it does (a token line that finds nothing), and curl prints the status last.
            run("set -o pipefail");
            run("curl() { command curl -sS -w '\\nHTTP %{http_code}\\n' \"$@\"; }");
        }

        /** Runs one line as written, but for the README's address, which is the test runtime's. */
        Result run(String line) {
            try {
                in.write(line.replace(DOC_URL, url) + "\n" + "printf '\\n" + mark + " %d\\n' $?\n");
                in.flush();
                StringBuilder out = new StringBuilder();
                while (true) {
                    String next = lines.poll(90, TimeUnit.SECONDS);
                    if (next == null) {
                        throw new AssertionError("no end of '" + line + "' within 90 s; it printed: " + out);
                    }
                    if (next.startsWith(mark + " ")) {
                        return new Result(Integer.parseInt(next.substring(mark.length() + 1)), out.toString().strip());
                    }
                    out.append(next).append('\n');
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted", e);
            }
        }

        @Override
        public void close() throws Exception {
            in.close();
            if (!bash.waitFor(10, TimeUnit.SECONDS)) {
                bash.destroyForcibly();
            }
        }
    }
}
