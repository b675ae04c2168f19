package io.sluice.local.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a running runtime says when its pipeline files change (issue 35: an edit into an invalid pipeline said nothing). */
class PipelineWatchTest {
    private static final String ECHO = """
            {"StartAt": "E", "States": {"E": {"Type": "Task", "Resource": "sluice:function:echo", "End": true}}}""";
    private static final String BROKEN = """
            {"StartAt": "E", "States": {"E": {"Type": "Task", "Resource": "sluice:function:echo", "Next": "Bee"}}}""";

    @TempDir
    Path dir;

    private final List<String> infos = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();

    /** Writes a file with a modification time later than any before, as an editor's save is. */
    private void write(String name, String text, int second) throws IOException {
        Path file = Files.writeString(dir.resolve(name), text);
        Files.setLastModifiedTime(file, FileTime.from(Instant.parse("2030-01-01T00:00:00Z").plusSeconds(second)));
    }

    @Test
    void anEditThatBreaksAPipelineIsReportedWithItsProblemAndTheFixToo() throws IOException {
        write("hello.asl.json", ECHO, 1);
        PipelineCatalog catalog = PipelineCatalog.load(dir, Set.of("echo"));
        try (PipelineWatch watch = new PipelineWatch(catalog, new PipelineWatch.Report(infos::add, errors::add), null)) {
            assertThat(watch.scan()).as("what was there at the start was reported by the start").isEmpty();

            write("hello.asl.json", BROKEN, 2);
            assertThat(watch.scan()).as("each problem the validator finds, one line each").hasSize(2).isEqualTo(errors);
            assertThat(errors).allSatisfy(e -> assertThat(e).startsWith(dir.getFileName() + "/hello.asl.json: /States")
                    .endsWith("(pipeline 'hello' not loaded: starts are refused until the file is fixed)"));
            assertThat(errors).anySatisfy(e -> assertThat(e).startsWith(dir.getFileName() + "/hello.asl.json: /States/E/Next: ")
                    .contains("'Bee', which does not exist"));
            assertThat(watch.scan()).as("said once, not at every scan").isEmpty();

            write("hello.asl.json", ECHO, 3);
            write("other.asl.json", ECHO, 3);
            assertThat(watch.scan()).containsExactly("pipeline 'hello' is valid again and loaded (" + dir.getFileName() + "/hello.asl.json)",
                    "pipeline 'other' added (" + dir.getFileName() + "/other.asl.json)");

            write("other.asl.json", ECHO.replace("\"E\"", "\"F\""), 4);
            Files.delete(dir.resolve("hello.asl.json"));
            assertThat(watch.scan()).containsExactly(
                    "pipeline 'other' reloaded (" + dir.getFileName() + "/other.asl.json); runs started before keep their definition",
                    "pipeline 'hello' removed (its file is gone)");
            assertThat(errors).hasSize(2);
            assertThat(infos).hasSize(4);
        }
    }
}
