package io.sluice.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sluice invoke --platform P --function NAME --event FILE}: runs one entry point of a cloud host in process
 * with a recorded event and prints its answer. The platform picks the runner; each runner is its own class.
 */
@Command(name = "invoke", description = "Run one function of a cloud host in process with a recorded event; prints its answer as JSON.")
final class InvokeCommand implements Callable<Integer> {
    private final CliContext context;

    @Option(names = "--platform", required = true, description = "azure")
    String platform;

    @Option(names = "--function", required = true, description = "the function's name (Azure: its @FunctionName, e.g. http-api, storage-orchestrator)")
    String function;

    @Option(names = "--event", required = true, description = "a recorded event file (examples/events/azure/*.json)")
    Path event;

    InvokeCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(event)) {
            throw new SluiceCli.UsageException("--event: no such file " + event);
        }
        return switch (platform) {
            case "azure" -> new AzureInvoke(context).run(function, event);
            default -> throw new SluiceCli.UsageException("--platform: expected azure, got '" + platform + "'");
        };
    }
}
