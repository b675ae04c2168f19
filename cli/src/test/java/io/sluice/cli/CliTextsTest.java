package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** What the CLI says to a newcomer (issue 35): errors name the command as typed, help describes, no sentence is cut. */
class CliTextsTest {
    /** The checkout's root: the launcher script {@code sluice} is there. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void aSubcommandsErrorsNameTheWholeCommand() {
        CliRun badOutput = CliRun.of("task", "success", "orders:A-1.0.5.0", "--output", "{nope");
        assertThat(badOutput.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(badOutput.err()).startsWith("sluice task success: --output: ")
                .contains("Run 'sluice task success --help' for its options.")
                .doesNotContain("sluice success");

        CliRun absent = CliRun.of("task", "failure", "orders:A-1.0.5.0", "--url", "http://127.0.0.1:1");
        assertThat(absent.exit()).isEqualTo(1);
        assertThat(absent.err()).startsWith("sluice task failure: no Sluice server answers at http://127.0.0.1:1");
    }

    @Test
    void theTopLevelHelpListsEachCommandWithAWholeSentence() {
        CliRun top = CliRun.of("--help");
        String flat = top.out().replaceAll("\\s+", " ");
        CommandLine cli = SluiceCli.commandLine(new CliContext(sink(), sink(), Map.of()));
        for (var entry : cli.getSubcommands().entrySet()) {
            CommandLine.Model.UsageMessageSpec usage = entry.getValue().getCommandSpec().usageMessage();
            // picocli's command list shows the first line of a command's header, else of its description.
            String[] shown = usage.header().length > 0 ? usage.header() : usage.description();
            assertThat(shown).as(entry.getKey() + " has a description").isNotEmpty();
            assertThat(shown[0]).as("what the command list shows for " + entry.getKey() + " is a whole sentence").endsWith(".");
            assertThat(flat).as("sluice --help shows all of it for " + entry.getKey()).contains(shown[0].replaceAll("\\s+", " "));
        }
    }

    /**
     * {@code ./sluice test --help} is answered by the launcher with the test command's own help, which says what it runs and
     * what it takes, not by Maven (whose help the launcher used to print: it ran {@code mvn -B verify --help}).
     */
    @Test
    void testHelpDescribesTheCommandInTheLauncherAndTheCli() throws Exception {
        CliRun java = CliRun.of("test", "--help");
        assertThat(java.exit()).isZero();
        assertThat(java.out()).startsWith("Usage: ./sluice test [MAVEN_ARGUMENT...]").contains("mvn -B verify").contains("-pl cli -am");

        assertThat(ROOT.resolve("sluice")).isRegularFile();
        for (String help : List.of("--help", "-h")) {
            Process launcher = new ProcessBuilder("bash", ROOT.resolve("sluice").toString(), "test", help).redirectErrorStream(true).start();
            String printed = new String(launcher.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(launcher.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(launcher.exitValue()).as(printed).isZero();
            assertThat(printed).as("./sluice test " + help).doesNotContainIgnoringCase("usage: mvn").isEqualTo(java.out());
        }
    }

    private static PrintStream sink() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }
}
