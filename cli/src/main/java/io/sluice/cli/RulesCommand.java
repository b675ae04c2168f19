package io.sluice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sluice rules list|add|remove|simulate|changes}: the allow and block rules of a running server,
 * through its API ({@code /v1/rules}). A rule file holds one rule as the API takes it.
 */
@Command(name = "rules", mixinStandardHelpOptions = true, description = "Allow and block rules on a running server: list, add, remove, simulate, changes.",
        subcommands = {RulesCommand.List.class, RulesCommand.Add.class, RulesCommand.Remove.class, RulesCommand.Simulate.class,
                RulesCommand.Changes.class})
final class RulesCommand {
    private RulesCommand() {}

    static JsonNode rule(String file) {
        try {
            return Json.parse(Files.readString(Path.of(file)));
        } catch (IOException e) {
            throw new SluiceCli.UsageException(file + ": cannot read it (" + e.getMessage() + ")");
        } catch (IllegalArgumentException e) {
            throw new SluiceCli.UsageException(file + ": " + e.getMessage());
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "The rules in force.")
    static final class List extends RemoteCommands.Remote {
        List(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() {
            return client().document("rules list", "GET", "/v1/rules", null);
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true, description = "Make (or replace) the rule in FILE; it needs 'until'.")
    static final class Add extends RemoteCommands.Remote {
        @Parameters(index = "0", paramLabel = "FILE") private String file;

        Add(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() {
            return client().document("rules add", "POST", "/v1/rules", rule(file));
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true, description = "Remove a rule made through the API; what it held goes on.")
    static final class Remove extends RemoteCommands.Remote {
        @Parameters(index = "0", paramLabel = "ID") private String id;

        Remove(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() {
            return client().document("rules remove", "DELETE", "/v1/rules/" + ApiClient.encode(id), null);
        }
    }

    @Command(name = "simulate", mixinStandardHelpOptions = true,
            description = "What the rule in FILE would match (pipelines, scheduled fires, running executions), without saving it.")
    static final class Simulate extends RemoteCommands.Remote {
        @Parameters(index = "0", paramLabel = "FILE") private String file;
        @Option(names = "--hours", paramLabel = "N", defaultValue = "24", description = "look for fires this far ahead (default ${DEFAULT-VALUE})")
        private int hours;

        Simulate(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() {
            return client().document("rules simulate", "POST", "/v1/rules/simulate?hours=" + hours, rule(file));
        }
    }

    @Command(name = "changes", mixinStandardHelpOptions = true, description = "Every change to the rules, newest first.")
    static final class Changes extends RemoteCommands.Remote {
        @Option(names = "--limit", paramLabel = "N", defaultValue = "100", description = "at most N (default ${DEFAULT-VALUE})")
        private int limit;

        Changes(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() {
            return client().document("rules changes", "GET", "/v1/rules/changes?limit=" + limit, null);
        }
    }
}
