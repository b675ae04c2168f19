package io.sluice.cli;

import static io.sluice.cli.CliRun.example;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidateCommandTest {
    @TempDir
    Path dir;

    private String write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p.toString();
    }

    @Test
    void validFilesExitZero() {
        CliRun r = CliRun.of("validate", example("hello/hello.asl.json"), example("retry-with-mocks/orders.asl.json"));
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).contains("all 2 definitions are valid");
    }

    @Test
    void everyProblemOfEveryFileIsOneLineWithFileAndPointer() throws IOException {
        String bad = write("bad.asl.json", """
                {"StartAt": "A", "States": {
                  "A": {"Type": "Pass", "Next": "Nowhere", "End": true},
                  "B": {"Type": "Task"}}}""");
        String good = example("hello/hello.asl.json");
        CliRun r = CliRun.of("validate", good, bad);
        assertThat(r.exit()).isEqualTo(2);
        String[] lines = r.err().strip().split("\n");
        assertThat(lines).allSatisfy(line -> assertThat(line).matches("\\Q" + bad + "\\E: /\\S*: .+"));
        assertThat(r.err()).contains(bad + ": /States/A/Next: ").contains("Nowhere");
        assertThat(r.err()).contains(bad + ": /States/B");
        assertThat(lines.length).isGreaterThanOrEqualTo(3);
        assertThat(r.err()).doesNotContain(good);
    }

    @Test
    void aFolderMeansEveryDefinitionAndPatternConfigUnderIt() throws IOException {
        Files.createDirectories(dir.resolve("nested"));
        write("a.asl.json", "{\"StartAt\": \"A\", \"States\": {\"A\": {\"Type\": \"Succeed\"}}}");
        write("nested/b.asl.json", "{\"StartAt\": \"B\", \"States\": {\"B\": {\"Type\": \"Pass\", \"Next\": \"Gone\"}}}");
        write("notes.json", "not even JSON: not a definition, so not read");
        CliRun r = CliRun.of("validate", dir.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(dir.resolve("nested/b.asl.json") + ": /States/B/Next: ").doesNotContain("notes.json")
                .doesNotContain("a.asl.json");

        Files.createDirectories(dir.resolve("empty"));
        assertThat(CliRun.of("validate", dir.resolve("empty").toString()).exit()).isEqualTo(2);
    }

    @Test
    void malformedJsonAndMissingFilesAreReportedAtTheRoot() throws IOException {
        String broken = write("broken.json", "{\"StartAt\": ");
        CliRun r = CliRun.of("validate", broken, dir.resolve("absent.json").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(broken + ": /: not valid JSON").contains("line 1");
        assertThat(r.err()).contains("absent.json: /: no such file");
    }

    @Test
    void usageErrorsExitTwo() {
        assertThat(CliRun.of("validate").exit()).isEqualTo(2);
        assertThat(CliRun.of("frobnicate").exit()).isEqualTo(2);
        assertThat(CliRun.of().exit()).isEqualTo(2);
        assertThat(CliRun.of("--help").exit()).isZero();
    }
}
