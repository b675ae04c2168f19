package io.sluice.local.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.orchestration.definition.Definition;
import io.sluice.orchestration.engine.HistoryEvent;
import io.sluice.orchestration.error.ErrorNames;
import io.sluice.orchestration.express.ExpressResult;
import io.sluice.orchestration.express.ExpressRunner;
import io.sluice.orchestration.express.TaskInvoker;
import io.sluice.orchestration.express.TaskOutcome;
import io.sluice.orchestration.express.mock.MockConfig;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.path.RandomSource;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;

/**
 * {@code sluice exec}: runs a state machine in-process on virtual time. Succeeded: the output as one
 * line of JSON, exit 0. Failed: {@code {"error", "cause"}}, exit 1. Invalid: problems on stderr, exit 2.
 */
final class ExecCommand {
    private final PrintStream out;
    private final PrintStream err;

    ExecCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    private static final class Options {
        String definition;
        String input;
        String inputFile;
        String mocks;
        String testCase;
        boolean trace;
    }

    int run(String[] args) {
        Options o = parse(args);
        Definition definition = DefinitionFiles.load(o.definition, err);
        if (definition == null) {
            return SluiceCli.EXIT_INVALID;
        }
        JsonNode input = input(o);
        TaskInvoker invoker = invoker(o);
        if (input == null || invoker == null) {
            return SluiceCli.EXIT_INVALID;
        }
        Instant start = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        ExpressRunner runner = new ExpressRunner(definition, invoker, o.trace ? e -> trace(e, start) : null,
                ExpressRunner.DEFAULT_MAX_TRANSITIONS);
        String name = UUID.randomUUID().toString();
        // The state machine is named after its file, as a pipeline is after its <id>.asl.json.
        String machine = DefinitionFiles.machineName(o.definition);
        ExpressResult result = runner.run(machine, machine + ":" + name, name, input, start, RandomSource.seeded(new SecureRandom().nextLong()));
        if (result.succeeded()) {
            out.println(Json.write(result.output()));
            return 0;
        }
        ObjectNode failure = Json.object();
        failure.put("error", result.error());
        failure.put("cause", result.cause());
        out.println(Json.write(failure));
        return 1;
    }

    private static Options parse(String[] args) {
        Options o = new Options();
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            switch (a) {
                case "--input" -> o.input = value(args, ++i, a);
                case "--input-file" -> o.inputFile = value(args, ++i, a);
                case "--mocks" -> o.mocks = value(args, ++i, a);
                case "--test-case" -> o.testCase = value(args, ++i, a);
                case "--trace" -> o.trace = true;
                default -> {
                    if (a.startsWith("--") || o.definition != null) {
                        throw new SluiceCli.UsageException("unexpected argument '" + a + "'");
                    }
                    o.definition = a;
                }
            }
        }
        if (o.definition == null) {
            throw new SluiceCli.UsageException("name the definition file to run");
        }
        if (o.input != null && o.inputFile != null) {
            throw new SluiceCli.UsageException("give --input or --input-file, not both");
        }
        if ((o.mocks == null) != (o.testCase == null)) {
            throw new SluiceCli.UsageException("--mocks FILE and --test-case NAME go together");
        }
        return o;
    }

    private static String value(String[] args, int i, String flag) {
        if (i >= args.length) {
            throw new SluiceCli.UsageException(flag + " needs a value");
        }
        return args[i];
    }

    private JsonNode input(Options o) {
        if (o.inputFile != null) {
            JsonNode node = DefinitionFiles.readJson(o.inputFile, err);
            return node;
        }
        if (o.input == null) {
            return Json.object();
        }
        try {
            return Json.parse(o.input);
        } catch (IllegalArgumentException e) {
            err.println("--input: " + e.getMessage());
            return null;
        }
    }

    private TaskInvoker invoker(Options o) {
        if (o.mocks == null) {
            return task -> TaskOutcome.failure(ErrorNames.RUNTIME, "Task state '" + task.stateName() + "' calls "
                    + (task.function() == null ? "'" + task.resource() + "'" : "function '" + task.function() + "'")
                    + ", but sluice exec runs Task states only from a mock config: add --mocks FILE --test-case NAME.");
        }
        JsonNode mocks = DefinitionFiles.readJson(o.mocks, err);
        if (mocks == null) {
            return null;
        }
        try {
            return MockConfig.parse(mocks).invoker(o.testCase);
        } catch (IllegalArgumentException e) {
            for (String line : e.getMessage().split("\n")) {
                err.println(o.mocks + ": " + (line.startsWith("/") ? line : "/: " + line));
            }
            return null;
        }
    }

    private void trace(HistoryEvent e, Instant start) {
        long millis = e.at().toEpochMilli() - start.toEpochMilli();
        StringBuilder line = new StringBuilder(String.format("+%d.%03ds %-22s", millis / 1000, millis % 1000, e.type()));
        if (e.state() != null) {
            line.append(' ').append(e.state());
        }
        if (e.frame() != 0) {
            line.append(" [frame ").append(e.frame()).append(']');
        }
        if (e.detail() != null) {
            line.append(' ').append(Json.write(e.detail()));
        }
        err.println(line);
    }
}
