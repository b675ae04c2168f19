package io.sluice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.functions.integration.lambda.LambdaTaskInvoker;
import io.sluice.functions.integration.lambda.LocalLambdas;
import io.sluice.functions.maprun.Buckets;
import io.sluice.functions.maprun.InProcessMapRuns;
import io.sluice.local.objects.FolderObjectStore;
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
import io.sluice.orchestration.substitution.DefinitionSubstitutions;
import java.io.PrintStream;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sluice exec}: runs a state machine in-process on virtual time. Succeeded: the output as one
 * line of JSON, exit 0. Failed: {@code {"error", "cause"}}, exit 1. Invalid: problems on stderr, exit 2.
 */
@Command(name = "exec", mixinStandardHelpOptions = true,
        description = {"Run a state machine in-process on virtual time (no servers).",
                "Succeeded: the output as one line of JSON, exit 0. Failed: {\"error\", \"cause\"}, exit 1. Invalid: problems, exit 2."})
final class ExecCommand implements Callable<Integer> {
    private final PrintStream out;
    private final PrintStream err;

    @Parameters(index = "0", paramLabel = "DEFINITION", description = "the ASL definition file; the state machine is named after it")
    private String definition;
    @Option(names = "--input", paramLabel = "JSON", description = "the execution input (default {})")
    private String input;
    @Option(names = "--input-file", paramLabel = "FILE", description = "the execution input, from a file")
    private String inputFile;
    @Option(names = "--mocks", paramLabel = "FILE", description = "a Step Functions Local mock config: Task states return its responses")
    private String mocks;
    @Option(names = "--test-case", paramLabel = "NAME", description = "the mock config's test case to run (with --mocks)")
    private String testCase;
    @Option(names = "--trace", description = "print each history event on stderr as it happens")
    private boolean trace;
    @Option(names = "--data", paramLabel = "DIR", description = "a folder of buckets (one folder each) for distributed Maps' ItemReader and ResultWriter")
    private String data;
    @Option(names = "--lambdas", paramLabel = "FILE", description = "the Lambda mapping file: what runs each Lambda function (default ./lambdas.json when there is one)")
    private String lambdas;
    @Option(names = "--substitutions", paramLabel = "FILE", description = "${Name} placeholder values filled into the definition (DefinitionSubstitutions)")
    private String substitutions;

    ExecCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    ExecCommand(CliContext context) {
        this(context.out(), context.err());
    }

    private static final class Options {
        String definition;
        String input;
        String inputFile;
        String mocks;
        String testCase;
        boolean trace;
        String data;
        String lambdas;
        String substitutions;
    }

    @Override
    public Integer call() {
        if (input != null && inputFile != null) {
            throw new SluiceCli.UsageException("give --input or --input-file, not both");
        }
        if ((mocks == null) != (testCase == null)) {
            throw new SluiceCli.UsageException("--mocks FILE and --test-case NAME go together");
        }
        Options o = new Options();
        o.definition = definition;
        o.input = input;
        o.inputFile = inputFile;
        o.mocks = mocks;
        o.testCase = testCase;
        o.trace = trace;
        o.data = data;
        o.lambdas = lambdas;
        o.substitutions = substitutions;
        return run(o);
    }

    private int run(Options o) {
        DefinitionSubstitutions substitutions = SubstitutionsFile.load(o.substitutions, err);
        JsonNode json = substitutions == null ? null : DefinitionFiles.readJson(o.definition, err);
        json = json == null ? null : SubstitutionsFile.apply(o.definition, json, substitutions, err);
        Definition definition = json == null ? null : DefinitionFiles.check(o.definition, json, err);
        if (definition == null) {
            return SluiceCli.EXIT_INVALID;
        }
        JsonNode input = input(o);
        TaskInvoker invoker = invoker(o);
        if (input == null || invoker == null) {
            return SluiceCli.EXIT_INVALID;
        }
        Instant start = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        RandomSource random = RandomSource.seeded(new SecureRandom().nextLong());
        // A distributed Map's children run right here, their tasks answered as the parent's are.
        invoker = new InProcessMapRuns(invoker, o.data == null ? null : Buckets.folders(new FolderObjectStore(Path.of(o.data))), random);
        ExpressRunner runner = new ExpressRunner(definition, invoker, o.trace ? e -> trace(e, start) : null,
                ExpressRunner.DEFAULT_MAX_TRANSITIONS, System::nanoTime);
        String name = UUID.randomUUID().toString();
        // The state machine is named after its file, as a pipeline is after its <id>.asl.json.
        String machine = DefinitionFiles.machineName(o.definition);
        ExpressResult result = runner.run(machine, machine + ":" + name, name, input, start, random);
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
            LocalLambdas lambdas = ExecLambdas.load(o.lambdas, err);
            if (lambdas == null) {
                return null;
            }
            return new LambdaTaskInvoker(lambdas, task -> unmapped(task).orElseGet(() -> TaskOutcome.failure(ErrorNames.RUNTIME,
                    "Task state '" + task.stateName() + "' calls "
                    + (task.function() == null || !task.resource().startsWith("sluice:") && !task.resource().contains(":lambda:")
                    ? "'" + task.resource() + "'" : "function '" + task.function() + "'")
                    + ", but sluice exec runs Task states only from a mock config or mapped Lambda functions: add --mocks FILE --test-case NAME"
                    + (LambdaTaskInvoker.callsLambda(task) ? ", or " + lambdas.mappings().howToMap(task.function()) : "") + ".")));
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

    /** A state that cannot run on the local platform at all fails with the catalog's named error. */
    private static java.util.Optional<TaskOutcome> unmapped(io.sluice.orchestration.engine.Command.DispatchTask task) {
        io.sluice.orchestration.definition.TaskResource resource = io.sluice.orchestration.definition.TaskResource.parse(task.resource());
        io.sluice.orchestration.integration.Platform local = io.sluice.orchestration.integration.Platform.LOCAL;
        if (io.sluice.orchestration.integration.IntegrationCatalog.support(resource, local)
                instanceof io.sluice.orchestration.integration.IntegrationCatalog.Support.Unavailable) {
            return java.util.Optional.of(TaskOutcome.failure(io.sluice.orchestration.integration.IntegrationCatalog.UNAVAILABLE,
                    io.sluice.orchestration.integration.IntegrationCatalog.unavailableCause(task.stateName(), resource, local)));
        }
        return java.util.Optional.empty();
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
