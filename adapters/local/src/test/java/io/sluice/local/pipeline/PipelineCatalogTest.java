package io.sluice.local.pipeline;

import io.sluice.functions.pipeline.PipelineProblem;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PipelineCatalogTest {
    private static final Set<String> FUNCTIONS = Set.of("echo", "load");
    private static final String ECHO = """
            {"StartAt": "E", "States": {"E": {"Type": "Task", "Resource": "sluice:function:echo", "End": true}}}""";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void validFilesLoadAndEachBadOneIsReportedWithPointerAndSentenceWithoutStoppingTheOthers() throws IOException {
        write("good.asl.json", ECHO);
        write("unreachable.asl.json", """
                {"StartAt": "A", "States": {"A": {"Type": "Succeed"}, "Orphan": {"Type": "Succeed"}}}""");
        write("bad.asl.json", """
                {"StartAt": "A", "States": {"A": {"Type": "Task", "Resource": "sluice:function:echo", "Next": "B"}}}""");
        write("truncated.asl.json", "{\"StartAt\": ");
        write("unknown-fn.asl.json", """
                {"StartAt": "M", "States": {"M": {"Type": "Map", "End": true, "ItemProcessor": {"StartAt": "T", "States": {
                  "T": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke", "Parameters": {"FunctionName": "nope"}, "End": true}}}}}}""");
        write("bad name.asl.json", ECHO);
        write("README.md", "not a pipeline");

        PipelineCatalog catalog = PipelineCatalog.load(dir, FUNCTIONS);

        assertThat(catalog.pipelines()).extracting(PipelineCatalog.Pipeline::id).containsExactly("good", "unreachable");
        assertThat(catalog.problems()).extracting(PipelineProblem::toString).containsExactlyInAnyOrder(
                dir.getFileName() + "/bad name.asl.json: /: A pipeline file is named <id>.asl.json, the id being 1-80 letters, digits and "
                        + "_ . -; 'bad name' is not such an id.",
                dir.getFileName() + "/bad.asl.json: /States: This state machine has no terminal state, so it can never finish: give the "
                        + "last state \"End\": true, or add a Succeed or Fail state.",
                dir.getFileName() + "/bad.asl.json: /States/A/Next: Next names state 'B', which does not exist; states are: A.",
                dir.getFileName() + "/truncated.asl.json: /: " + catalog.problems().stream()
                        .filter(p -> p.file().endsWith("truncated.asl.json")).findFirst().orElseThrow().message(),
                dir.getFileName() + "/unknown-fn.asl.json: /States/M/ItemProcessor/States/T/Parameters/FunctionName: No function 'nope' "
                        + "runs in this runtime; it has echo, load; to run Lambda function 'nope' here, map it in lambdas.json, for example"
                        + " with the line \"nope\": {\"url\": \"http://127.0.0.1:3001\"} (an endpoint serving Lambda's Invoke API, as sam"
                        + " local start-lambda does), {\"command\": [\"python3\", \"handler.py\"]} (the event on stdin, the result on stdout)"
                        + " or {\"response\": {...}}.",
                dir.getFileName() + "/unreachable.asl.json: /States/Orphan: warning: " + catalog.problems().stream()
                        .filter(p -> p.warning()).findFirst().orElseThrow().message());
        assertThat(catalog.problems().stream().filter(p -> p.file().endsWith("truncated.asl.json")).findFirst().orElseThrow().message())
                .startsWith("not valid JSON");
        assertThat(catalog.find("bad")).isInstanceOf(PipelineCatalog.Lookup.Invalid.class);
        assertThat(catalog.find("absent")).isEqualTo(new PipelineCatalog.Lookup.Missing("absent"));
        assertThat(catalog.find("../good")).isEqualTo(new PipelineCatalog.Lookup.Missing("../good"));
    }

    @Test
    void anEditedOrAddedFileIsReadAgainOnLookup() throws IOException {
        Path file = write("p.asl.json", "{}");
        PipelineCatalog catalog = PipelineCatalog.load(dir, FUNCTIONS);
        assertThat(catalog.find("p")).isInstanceOf(PipelineCatalog.Lookup.Invalid.class);

        write("p.asl.json", ECHO);
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(5)));
        assertThat(catalog.find("p")).isInstanceOfSatisfying(PipelineCatalog.Lookup.Found.class,
                f -> assertThat(f.pipeline().definition().source().path("StartAt").asText()).isEqualTo("E"));
        assertThat(catalog.problems()).isEmpty();

        write("later.asl.json", ECHO);
        assertThat(catalog.find("later")).isInstanceOf(PipelineCatalog.Lookup.Found.class);
        Files.delete(file);
        assertThat(catalog.find("p")).isInstanceOf(PipelineCatalog.Lookup.Missing.class);
        assertThat(catalog.pipelines()).extracting(PipelineCatalog.Pipeline::id).containsExactly("later");
    }

    @Test
    void aMissingDirectoryIsAnEmptyCatalog() {
        PipelineCatalog catalog = PipelineCatalog.load(dir.resolve("nope"), FUNCTIONS);
        assertThat(catalog.pipelines()).isEmpty();
        assertThat(catalog.problems()).isEmpty();
        assertThat(catalog.find("x")).isInstanceOf(PipelineCatalog.Lookup.Missing.class);
    }
}
