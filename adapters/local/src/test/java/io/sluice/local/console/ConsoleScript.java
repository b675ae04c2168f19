package io.sluice.local.console;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a browser script of {@code console/e2e} with the system's {@code node}, from the console module (whose
 * {@code npm ci} brought playwright-core), against Debian's chromium; answers its exit code, its output and the
 * checks it reported ({@code check: <name>} lines). Says plainly what is missing when node, the console's
 * node_modules or chromium are not there.
 */
public final class ConsoleScript {
    static final Path CONSOLE = consoleDir();
    static final String CHROMIUM = System.getenv().getOrDefault("SLUICE_CHROMIUM", "/usr/bin/chromium");
    private static final long TIMEOUT_SECONDS = 240;

    public record Result(int exitCode, String output, List<String> checks) {}

    private ConsoleScript() {}

    private static Path consoleDir() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("console/e2e/console-e2e.mjs"))) {
                return dir.resolve("console");
            }
        }
        throw new IllegalStateException("no console/e2e/console-e2e.mjs in " + Path.of("").toAbsolutePath() + " or above");
    }

    public static Result run(String script, Map<String, String> env) throws IOException, InterruptedException {
        if (!Files.isDirectory(CONSOLE.resolve("node_modules/playwright-core"))) {
            throw new IllegalStateException(CONSOLE.resolve("node_modules/playwright-core") + " is missing: the console module's build "
                    + "(npm ci) brings it; build with -am so the module 'console' runs first.");
        }
        if (!Files.isExecutable(Path.of(CHROMIUM))) {
            throw new IllegalStateException("No browser at " + CHROMIUM + ": the console's browser tests use Debian's chromium "
                    + "(apt-get install -y chromium; .ci/run installs it when missing), or SLUICE_CHROMIUM names another.");
        }
        Path log = Files.createTempFile(Files.createDirectories(Path.of("target")), "console-e2e-", ".log");
        ProcessBuilder pb = new ProcessBuilder("node", "e2e/" + script).directory(CONSOLE.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        pb.environment().put("CHROMIUM", CHROMIUM);
        Process node;
        try {
            node = pb.start();
        } catch (IOException e) {
            throw new IllegalStateException("Cannot run 'node' (Node.js 20 or later, which also builds the console): " + e.getMessage(), e);
        }
        if (!node.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            node.descendants().forEach(ProcessHandle::destroyForcibly);
            node.destroyForcibly().waitFor();
            String output = Files.readString(log, StandardCharsets.UTF_8);
            throw new AssertionError("the browser script did not end within " + TIMEOUT_SECONDS + " s; its output:\n" + output);
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        List<String> checks = output.lines().filter(l -> l.startsWith("check: ")).map(l -> l.substring("check: ".length()).strip()).toList();
        return new Result(node.exitValue(), output, checks);
    }
}
