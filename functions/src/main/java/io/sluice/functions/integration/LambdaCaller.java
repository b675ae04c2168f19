package io.sluice.functions.integration;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskContext;
import io.sluice.orchestration.integration.LambdaCall;

/**
 * Calls a Lambda function outside the bundle through Lambda's Invoke API, as Step Functions does: the AWS host's, with the
 * Lambda SDK and the function's role. The result is what Step Functions gives the state: for {@code lambda:invoke}
 * ({@link LambdaCall#optimized()}) the response ({@code ExecutedVersion}, {@code Payload} parsed as JSON,
 * {@code SdkHttpMetadata}, {@code SdkResponseMetadata}, {@code StatusCode}), for a Lambda ARN the function's result. A
 * function error is a {@link io.sluice.functions.harness.TaskError} named by its {@code errorType} ({@code Lambda.Unknown}
 * without one), a refusal of the API {@code Lambda.<Exception>}.
 */
@FunctionalInterface
public interface LambdaCaller {
    JsonNode call(LambdaCall call, TaskContext task);
}
