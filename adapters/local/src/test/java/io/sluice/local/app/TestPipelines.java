package io.sluice.local.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The pipelines directory of the app under test, made once per JVM: the example pipeline from
 * {@code examples/local/pipelines} (so the example is run by a test) and the test's own, some broken on purpose.
 */
final class TestPipelines {
    /** Found above the working directory: adapters/local, or a module that runs these app tests too (cli). */
    static final Path EXAMPLES = examples();
    static final List<String> RESOURCES = List.of("shout.asl.json", "waits.asl.json", "broken.asl.json", "calls-missing.asl.json",
            "not-json.asl.json", "notes.txt", "up-a.asl.json", "up-b.asl.json", "down.asl.json", "down.pipeline.json", "bad-options.asl.json",
            "bad-options.pipeline.json");
    private static Path directory;

    private TestPipelines() {}

    private static Path examples() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isDirectory(dir.resolve("examples/local/pipelines"))) {
                return dir.resolve("examples/local/pipelines");
            }
        }
        throw new IllegalStateException("no examples/local/pipelines in " + Path.of("").toAbsolutePath() + " or above");
    }

    static synchronized Path directory() {
        if (directory == null) {
            try {
                // Under target/, which the build cleans, rather than the system's temporary directory.
                Path target = Files.createDirectories(Path.of("target"));
                Path dir = Files.createTempDirectory(target, "test-pipelines-");
                Files.copy(EXAMPLES.resolve("orders.asl.json"), dir.resolve("orders.asl.json"));
                for (String name : RESOURCES) {
                    try (InputStream in = TestPipelines.class.getResourceAsStream("/pipelines/" + name)) {
                        Files.copy(in, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
                    }
                }
                directory = dir;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return directory;
    }
}
