package io.sluice.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code sluice task success|failure|heartbeat TOKEN}: what Step Functions' SendTaskSuccess,
 * SendTaskFailure and SendTaskHeartbeat do, for a task waiting for its callback
 * ({@code .waitForTaskToken}). The token is the {@code $$.Task.Token} the state passed on.
 */
@Command(name = "task", mixinStandardHelpOptions = true, description = "Complete, fail or keep alive a task that waits for a callback.",
        subcommands = {TaskCommands.Success.class, TaskCommands.Failure.class, TaskCommands.Heartbeat.class})
final class TaskCommands {

    private static String path(String token, String outcome) {
        return "/v1/tasks/" + ApiClient.encode(token) + "/" + outcome;
    }

    @Command(name = "success", mixinStandardHelpOptions = true, description = "The task succeeded with OUTPUT (default {}).")
    static final class Success extends RemoteCommands.Remote {
        @Parameters(index = "0", paramLabel = "TOKEN") private String token;
        @Option(names = "--output", paramLabel = "JSON", defaultValue = "{}", description = "the task's result (default ${DEFAULT-VALUE})")
        private String output;

        Success(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() throws InterruptedException {
            JsonNode result;
            try {
                result = Json.parse(output);
            } catch (IllegalArgumentException e) {
                throw new SluiceCli.UsageException("--output: " + e.getMessage());
            }
            return client().change("task success", path(token, "success"), result);
        }
    }

    @Command(name = "failure", mixinStandardHelpOptions = true, description = "The task failed with ERROR and CAUSE (Retry and Catch see them).")
    static final class Failure extends RemoteCommands.Remote {
        @Parameters(index = "0", paramLabel = "TOKEN") private String token;
        @Option(names = "--error", paramLabel = "ERROR", description = "the error name, such as Approval.Rejected") private String error;
        @Option(names = "--cause", paramLabel = "CAUSE", description = "a sentence saying why") private String cause;

        Failure(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() throws InterruptedException {
            return client().change("task failure", path(token, "failure"),
                    RemoteCommands.errorBody(error, cause));
        }
    }

    @Command(name = "heartbeat", mixinStandardHelpOptions = true, description = "The task is still at work (resets its HeartbeatSeconds).")
    static final class Heartbeat extends RemoteCommands.Remote {
        @Parameters(index = "0", paramLabel = "TOKEN") private String token;

        Heartbeat(CliContext context) {
            super(context);
        }

        @Override
        public Integer call() throws InterruptedException {
            return client().change("task heartbeat", path(token, "heartbeat"), Json.object());
        }
    }
}
