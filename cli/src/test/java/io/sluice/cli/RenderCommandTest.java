package io.sluice.cli;

import static io.sluice.cli.CliRun.example;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.local.pattern.ClasspathPatternResources;
import io.sluice.orchestration.definition.ContentHash;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.pattern.Rendering;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code sluice render}, run through {@link RenderCommand} until SluiceCli dispatches to it. */
class RenderCommandTest {
    @TempDir
    Path dir;

    private static CliRun render(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = new RenderCommand(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .run(args);
        return new CliRun(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ingestion", "export", "simulation", "manual-upload"})
    void printsTheRenderedDefinitionAsPrettyJson(String pattern) throws IOException {
        String config = example("patterns/" + pattern + ".config.json");
        CliRun r = render(pattern, config);
        assertThat(r.exit()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out()).startsWith("{\n  \"Comment\" : ").endsWith("}\n");
        Rendering.Rendered expected = (Rendering.Rendered) ClasspathPatternResources.patterns()
                .render(pattern, Json.parse(Files.readString(Path.of(config))));
        assertThat(Json.parse(r.out())).isEqualTo(expected.definition());
        assertThat(ContentHash.of(Json.parse(r.out()))).isEqualTo(expected.hash());
        assertThat(render(pattern, config).out()).isEqualTo(r.out());
    }

    @Test
    void aBadConfigExitsTwoWithOneLinePerProblem() throws IOException {
        String config = write("bad.json", """
                {"pipeline": "orders", "landing": {"job": "l", "arguments": {}}, "raw": {"job": "r"},
                 "enriched": [], "warehouse": {"table": "t", "source": "s", "format": "parquet"}}""");
        CliRun r = render("ingestion", config);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().lines()).containsExactly(
                config + ": /enriched: Needs at least 1 entry, but has 0.",
                config + ": /raw/arguments: Required field 'arguments' is missing: the job run's arguments, such as source"
                        + " and target paths; every value is a string. Use {} for none.");
    }

    @Test
    void aConfigThatIsNotAnObjectOrNotJsonOrMissingIsReportedAtTheRoot() throws IOException {
        String array = write("array.json", "[]");
        assertThat(render("export", array).err().strip()).isEqualTo(array + ": /: Expected an object, but found array [].");
        String broken = write("broken.json", "{\"pipeline\": ");
        CliRun r = render("export", broken);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith(broken + ": /: not valid JSON");
        assertThat(render("export", dir.resolve("absent.json").toString()).err()).contains("absent.json: /: no such file");
    }

    @Test
    void anUnknownPatternExitsTwoNamingTheFour() {
        CliRun r = render("ingest", example("patterns/ingestion.config.json"));
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).isEqualTo(
                "sluice render: unknown pattern 'ingest'; the patterns are ingestion, export, simulation, manual-upload");
    }

    @Test
    void patternAndConfigAreBothNeeded() {
        assertThatThrownBy(() -> render("ingestion")).isInstanceOf(SluiceCli.UsageException.class).hasMessageContaining("PATTERN CONFIG");
        assertThatThrownBy(() -> render()).isInstanceOf(SluiceCli.UsageException.class);
    }

    @Test
    void aRenderedDefinitionRunsWithExecAndTheExampleMocks() throws IOException {
        String definition = write("ingestion.asl.json", render("ingestion", example("patterns/ingestion.config.json")).out());
        String mocks = example("patterns/ingestion.mocks.json");
        String input = "{\"pipeline\": \"orders\", \"partition\": \"2026-11-29\"}";
        CliRun ok = CliRun.of("exec", definition, "--input", input, "--mocks", mocks, "--test-case", "HappyPath");
        assertThat(ok.exit()).as(ok.err()).isZero();
        assertThat(Json.parse(ok.out()).get("state").asText()).isEqualTo("SUCCEEDED");

        CliRun failed = CliRun.of("exec", definition, "--input", input, "--mocks", mocks, "--test-case", "RawJobFails");
        assertThat(failed.exit()).isEqualTo(1);
        assertThat(Json.parse(failed.out()).get("error").asText()).isEqualTo("Glue.JobFailed");
    }

    private String write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p.toString();
    }
}
