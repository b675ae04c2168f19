package io.sluice.aws.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.sluice.aws.client.AwsClientSettings;
import io.sluice.aws.client.AwsClients;
import io.sluice.aws.sdk.SdkErrors;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.LambdaCaller;
import io.sluice.functions.integration.lambda.FunctionErrors;
import io.sluice.orchestration.integration.LambdaCall;
import io.sluice.orchestration.json.Json;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.lambda.LambdaClient;
import software.amazon.awssdk.services.lambda.model.InvokeRequest;
import software.amazon.awssdk.services.lambda.model.InvokeResponse;
import software.amazon.awssdk.services.lambda.model.LambdaException;

/**
 * A Lambda function outside the bundle, called as Step Functions calls it ("Invoke an AWS Lambda function with Step
 * Functions", https://docs.aws.amazon.com/step-functions/latest/dg/connect-lambda.html): Lambda's Invoke with the
 * state's {@code FunctionName} as written (a name, a partial or full ARN, qualified or not: Lambda resolves it),
 * {@code Payload}, {@code Qualifier}, {@code InvocationType}, {@code ClientContext} and {@code LogType}, with the
 * function's role. {@code lambda:invoke}'s result is the response with its {@code Payload} parsed from JSON text
 * ({@code ExecutedVersion}, {@code Payload}, {@code SdkHttpMetadata}, {@code SdkResponseMetadata}, {@code StatusCode},
 * and {@code LogResult} when asked for); a Lambda ARN's is the function's result alone. A function error fails the task
 * with its {@code errorType} and the error object as the cause ({@code Lambda.Unknown} without one, as "Handle transient
 * Lambda service exceptions" in the developer guide names unhandled errors); a refusal of the API is
 * {@code Lambda.<Exception>} ({@code Lambda.ResourceNotFoundException}, {@code Lambda.TooManyRequestsException}), an
 * unreachable service {@code Lambda.SdkClientException}.
 */
public final class AwsLambdaCaller implements LambdaCaller {
    private final java.util.function.Supplier<LambdaClient> client;
    private volatile LambdaClient lambda;

    /** @param client the client, made on the first call (a task-worker that calls no function outside the bundle makes none) */
    public AwsLambdaCaller(java.util.function.Supplier<LambdaClient> client) {
        this.client = client;
    }

    private LambdaClient lambda() {
        LambdaClient c = lambda;
        if (c == null) {
            synchronized (this) {
                if (lambda == null) {
                    lambda = client.get();
                }
                c = lambda;
            }
        }
        return c;
    }

    /**
     * A caller on its own client: the function's role and region, or {@code settings}' endpoint override; no retry of the
     * SDK's own (Step Functions makes one Invoke, and a state's Retry decides on another), and a socket timeout as long as
     * a function may run (15 minutes).
     */
    public static AwsLambdaCaller create(AwsClientSettings settings) {
        return new AwsLambdaCaller(() -> AwsClients.configure(LambdaClient.builder(), settings)
                .httpClientBuilder(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofMinutes(15)).connectionTimeout(Duration.ofSeconds(2)))
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build());
    }

    @Override
    public JsonNode call(LambdaCall call, TaskContext task) {
        InvokeRequest.Builder request = InvokeRequest.builder().functionName(call.functionName())
                .payload(SdkBytes.fromUtf8String(Json.write(call.payload() == null ? Json.object() : call.payload())));
        if (call.qualifier() != null) request.qualifier(call.qualifier());
        if (call.invocationType() != null) request.invocationType(call.invocationType());
        if (call.clientContext() != null) request.clientContext(call.clientContext());
        if (call.logType() != null) request.logType(call.logType());
        InvokeResponse response;
        try {
            response = lambda().invoke(request.build());
        } catch (LambdaException e) {
            throw FunctionErrors.service(SdkErrors.name(e), "Lambda function '" + call.functionName() + "': " + e.getMessage());
        } catch (SdkClientException e) {
            throw new TaskError(FunctionErrors.CLIENT, "Cannot call Lambda function '" + call.functionName() + "': " + e.getMessage(), true);
        }
        String payload = response.payload() == null ? "" : response.payload().asString(StandardCharsets.UTF_8);
        if (response.functionError() != null) {
            throw FunctionErrors.functionError(call.functionName(), payload);
        }
        return call.optimized() ? optimized(response, payload) : parsed(payload);
    }

    private static ObjectNode optimized(InvokeResponse response, String payload) {
        ObjectNode out = Json.object();
        if (response.executedVersion() != null) {
            out.put("ExecutedVersion", response.executedVersion());
        }
        if (response.logResult() != null) {
            out.put("LogResult", response.logResult());
        }
        out.set("Payload", payload.isEmpty() ? Json.NODES.textNode("") : parsed(payload));
        ObjectNode http = out.putObject("SdkHttpMetadata");
        ObjectNode all = http.putObject("AllHttpHeaders");
        ObjectNode single = http.putObject("HttpHeaders");
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.putAll(response.sdkHttpResponse().headers());
        headers.forEach((name, values) -> {
            values.forEach(all.putArray(name)::add);
            single.put(name, String.join(",", values));
        });
        http.put("HttpStatusCode", response.sdkHttpResponse().statusCode());
        ObjectNode metadata = out.putObject("SdkResponseMetadata");
        metadata.put("RequestId", response.responseMetadata().requestId());
        out.put("StatusCode", response.statusCode());
        return out;
    }

    /** The function's result as JSON; text that is no JSON stays text (Step Functions parses JSON text only). */
    private static JsonNode parsed(String payload) {
        if (payload.isBlank()) {
            return Json.NODES.nullNode();
        }
        try {
            return Json.parse(payload);
        } catch (IllegalArgumentException e) {
            return Json.NODES.textNode(payload);
        }
    }
}
