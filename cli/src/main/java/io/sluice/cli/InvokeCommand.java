package io.sluice.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sluice invoke --platform aws|azure --function NAME --event FILE}: one entry point of a cloud host run with a
 * recorded event, in a JVM of its own on the platform's bundle, against the local runtime's services; prints its
 * answer. Each platform's runner is its own class ({@link AwsInvoke}, {@link AzureInvoke}).
 */
@Command(name = "invoke", mixinStandardHelpOptions = true,
        description = {"Run one function of a cloud host through its real entry point with a recorded event: invoke --platform aws|azure --function NAME --event FILE.",
                "Prints the handler's response; exit 1 when the function fails. Recorded events: examples/events/aws/, examples/events/azure/."})
final class InvokeCommand implements Callable<Integer> {
    @Option(names = "--platform", required = true, paramLabel = "aws|azure", description = "aws or azure")
    private String platform;
    @Option(names = "--function", required = true, paramLabel = "NAME",
            description = "the function (AWS: as SPRING_CLOUD_FUNCTION_DEFINITION names it, e.g. http-api, orchestrator; Azure: its @FunctionName, e.g. http-api, storage-orchestrator)")
    private String function;
    @Option(names = "--event", required = true, paramLabel = "FILE", description = "the event JSON, as the platform would pass it")
    private Path event;
    @Option(names = "--pipelines", paramLabel = "DIR",
            description = "aws: pipelines (and tenants.json, triggers.json) from this folder instead of those bundled in the artifact")
    private Path pipelines;
    @Option(names = "--artifact", paramLabel = "JAR", description = "aws: the artifact to run (default adapters/aws/target/sluice-aws.jar)")
    private Path artifact;
    @Option(names = "--logs", description = "aws: print the application's log on stderr (otherwise only when the function fails)")
    private boolean logs;

    private final CliContext context;

    InvokeCommand(CliContext context) {
        this.context = context;
    }

    @Override
    public Integer call() throws Exception {
        if (!platform.equals("aws") && !platform.equals("azure")) {
            throw new SluiceCli.UsageException("--platform expects 'aws' or 'azure', not '" + platform + "'");
        }
        if (!Files.isRegularFile(event)) {
            throw new SluiceCli.UsageException("--event: no such file " + event);
        }
        return platform.equals("aws") ? new AwsInvoke(context, function, event, pipelines, artifact, logs).run()
                : new AzureInvoke(context).run(function, event);
    }
}
