package io.sluice.local.pipeline;

import io.sluice.functions.pipeline.PipelineProblem;
import io.sluice.functions.pipeline.PipelineOptions;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Fuzzes {@code <id>.pipeline.json}, read from a folder as the runtime reads it ({@link PipelineOptionsCatalog}):
 * whatever the file holds, the answer is options or a list of problems, each with the file, a pointer into it
 * ({@code ""} for the whole file) and a sentence; never an exception, and never options together with an error.
 *
 * <p>jqwik rather than Jazzer: the reader is a few field checks over Jackson's tree, so coverage guidance
 * adds little over seeded mutations of real options files (the repository's and the tests'), which jqwik
 * shrinks and replays by seed.
 */
class PipelineOptionsFuzzTest {
    private static final List<String> SEEDS = List.of(
            "{\"dependsOn\": [{\"pipeline\": \"up-a\", \"partitions\": \"weekly\"}], \"webhook\": {\"secret\": \"s3cr3t value!\"}, \"schedule\": \"daily\"}",
            "{\"dependsOn\": [\"up-a\", {\"pipeline\": \"up-b\", \"partitions\": \"identity\"}]}",
            "{\"schedule\": {\"expression\": \"cron(0 2 * * ? *)\", \"timezone\": \"Europe/Berlin\", \"overlap\": \"skip\", \"catchUp\": \"latest\"}}",
            "{\"webhook\": {\"secret\": \"hook\", \"toleranceSeconds\": 300}, \"retention\": \"P7D\"}",
            "{\"schedule\": [{\"expression\": \"rate(5 minutes)\"}, {\"expression\": \"0 6 * * *\", \"timezone\": \"UTC\"}]}");
    private static final List<String> TOKENS = List.of("{", "}", "[", "]", ",", ":", "\"", "null", "true", "-1", "1e999", "0.5",
            "\"dependsOn\"", "\"webhook\"", "\"schedule\"", "\"retention\"", "\"secret\"", "\"toleranceSeconds\"", "\"expression\"",
            "\"timezone\"", "\"Mars/Olympus\"", "\"cron(99 99 * * ? *)\"", "\"rate(0 minutes)\"", "\"P99999D\"", "\"PT-1S\"",
            "\"partitions\"", "\"pipeline\"", "\"catchUp\"", "\"overlap\"", "\"\\u0000\"", "\u00e9");

    @Provide
    Arbitrary<String> files() {
        return Arbitraries.longs().map(seed -> {
            Random random = new Random(seed);
            StringBuilder s = new StringBuilder(SEEDS.get(random.nextInt(SEEDS.size())));
            for (int m = random.nextInt(5); m >= 0; m--) {
                int at = random.nextInt(s.length() + 1);
                switch (random.nextInt(5)) {
                    case 0 -> { if (at < s.length()) s.deleteCharAt(at); }
                    case 1, 2 -> s.insert(at, TOKENS.get(random.nextInt(TOKENS.size())));
                    case 3 -> { if (at < s.length()) s.setCharAt(at, (char) (32 + random.nextInt(95))); }
                    default -> {
                        int depth = 100 + random.nextInt(2000);
                        s.insert(at, "[".repeat(depth) + "]".repeat(depth));
                    }
                }
            }
            return s.toString();
        });
    }

    @Property(tries = 1000, seed = "20261202")
    void everyFileGivesOptionsOrProblemsNamingTheirField(@ForAll("files") String text) throws IOException {
        check(text);
    }

    @Example
    void theSeedsAreRead() throws IOException {
        for (String seed : SEEDS) {
            check(seed);
        }
    }

    private static void check(String text) throws IOException {
        Path dir = Files.createTempDirectory("options-fuzz");
        Path file = dir.resolve("p" + PipelineOptionsCatalog.SUFFIX);
        try {
            Files.writeString(file, text);
            PipelineOptions.Parsed parsed;
            try {
                parsed = new PipelineOptionsCatalog(dir).find("p");
            } catch (RuntimeException | StackOverflowError e) {
                throw new AssertionError("reading " + text + " threw", e);
            }
            assertThat(parsed.options() == null).as(text + " -> " + parsed).isEqualTo(parsed.problems().stream().anyMatch(p -> !p.warning()));
            for (PipelineProblem p : parsed.problems()) {
                assertThat(p.pointer()).as(p.toString()).matches("(/[^/]*)*");
                assertThat(p.message()).as(p.toString()).isNotBlank();
                // No Java class name in the sentence; what it quotes of the file ('...') may say anything.
                assertThat(outsideQuotes(p.message())).as(p.toString()).doesNotContain("Exception");
                assertThat(p.file()).as(p.toString()).endsWith("p" + PipelineOptionsCatalog.SUFFIX);
            }
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    /** The sentence without what it quotes (from its first single quote to its last: a quoted value may hold quotes). */
    static String outsideQuotes(String sentence) {
        return sentence.replaceAll("(?s)'.*'", "''");
    }
}
