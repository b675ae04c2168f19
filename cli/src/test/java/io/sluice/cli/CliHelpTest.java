package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Help comes from the declarations that parse: every command, at every depth, answers --help with exit 0,
 * and its help names every option it accepts; an unknown option is a usage error (exit 2) naming it.
 */
class CliHelpTest {

    @Test
    void everyCommandHasHelpNamingEachOfItsOptions() {
        CliRun top = CliRun.of("--help");
        assertThat(top.exit()).isZero();
        List<CommandLine> commands = new ArrayList<>();
        collect(SluiceCli.commandLine(new CliContext(sink(), sink(), Map.of())), commands);
        assertThat(commands).extracting(CommandLine::getCommandName).contains("validate", "exec", "render", "serve", "demo", "status",
                "start", "executions", "history", "stop", "redrive", "task", "success", "failure", "heartbeat", "api-key", "bench",
                "transitions", "schedules", "starts");
        for (CommandLine command : commands) {
            String path = command.getCommandSpec().qualifiedName(" ").replaceFirst("^sluice ?", "");
            if (!path.isEmpty() && command.getParent() != null && command.getParent().getParent() == null) {
                assertThat(top.out()).as("top-level help lists " + path).contains(path);
            }
            List<String> args = new ArrayList<>(path.isEmpty() ? List.of() : List.of(path.split(" ")));
            args.add("--help");
            CliRun help = CliRun.of(args.toArray(String[]::new));
            assertThat(help.exit()).as(path + " --help").isZero();
            for (OptionSpec option : command.getCommandSpec().options()) {
                assertThat(help.out()).as(path + " --help names " + option.longestName()).contains(option.longestName());
            }
        }
    }

    /** A run that names its command reads that command only (bench/README.md, "CLI start"); anything else reads all of them. */
    @Test
    void aNamedCommandIsTheOnlyOneRead() {
        CliContext context = new CliContext(sink(), sink(), Map.of());
        assertThat(SluiceCli.commandLine(context, "executions").getSubcommands().keySet()).containsExactly("executions");
        assertThat(SluiceCli.commandLine(context, "task").getSubcommands().get("task").getSubcommands()).containsKeys("success", "failure");
        assertThat(SluiceCli.commandLine(context, "--help").getSubcommands()).hasSize(SluiceCli.COMMANDS.size());
        assertThat(SluiceCli.commandLine(context, "exectuions").getSubcommands()).hasSize(SluiceCli.COMMANDS.size());
        CliRun typo = CliRun.of("exectuions");
        assertThat(typo.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(typo.err()).contains("executions");
    }

    @Test
    void anUnknownOptionIsAUsageErrorNamingIt() {
        CliRun run = CliRun.of("exec", "x.asl.json", "--inptu", "{}");
        assertThat(run.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(run.err()).contains("--inptu");
        CliRun none = CliRun.of();
        assertThat(none.exit()).isEqualTo(SluiceCli.EXIT_INVALID);
        assertThat(none.err()).contains("Usage: sluice");
    }

    private static void collect(CommandLine command, List<CommandLine> into) {
        into.add(command);
        command.getSubcommands().values().stream().distinct().forEach(c -> collect(c, into));
    }

    private static PrintStream sink() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }
}
