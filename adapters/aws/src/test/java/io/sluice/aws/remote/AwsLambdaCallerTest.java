package io.sluice.aws.remote;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.sluice.aws.client.AwsClientSettings;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.tenancy.Owner;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.integration.LambdaCall;
import io.sluice.orchestration.json.Json;
import java.net.URI;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Calls of Lambda functions outside the bundle, through the real Lambda SDK client against an HTTP endpoint speaking
 * Lambda's Invoke API. Nothing serves Lambda here (LocalStack needs Docker), so WireMock answers as the Invoke API
 * reference describes it (https://docs.aws.amazon.com/lambda/latest/api/API_Invoke.html: {@code POST
 * /2015-03-31/functions/FunctionName/invocations?Qualifier=}, the {@code X-Amz-Invocation-Type}, {@code X-Amz-Log-Type}
 * and {@code X-Amz-Client-Context} headers; the answer's {@code X-Amz-Executed-Version}, {@code X-Amz-Function-Error},
 * {@code X-Amz-Log-Result}; an API error as a status with {@code X-Amzn-ErrorType}). What Step Functions makes of it is
 * "Invoke an AWS Lambda function with Step Functions" (https://docs.aws.amazon.com/step-functions/latest/dg/connect-lambda.html):
 * the optimised integration's result is the response with its Payload parsed, a function error fails the state with its
 * errorType ("Handling error conditions", https://docs.aws.amazon.com/step-functions/latest/dg/tutorial-handling-error-conditions.html),
 * and Lambda's own errors are {@code Lambda.<Exception>} ("Handle transient Lambda service exceptions",
 * https://docs.aws.amazon.com/step-functions/latest/dg/bp-lambda-serviceexception.html).
 */
class AwsLambdaCallerTest {
    private static final String ARN = "arn:aws:lambda:us-east-1:123456789012:function:scorer";
    /** The function's ARN in the path, its colons escaped by the SDK ({@code %3A}). */
    private static final String INVOCATIONS = "/2015-03-31/functions/arn(:|%3A)aws(:|%3A)lambda(:|%3A)us-east-1(:|%3A)123456789012"
            + "(:|%3A)function(:|%3A)scorer/invocations";
    private WireMockServer lambda;
    private AwsLambdaCaller caller;

    @BeforeEach
    void start() {
        lambda = new WireMockServer(WireMockConfiguration.options().dynamicPort().bindAddress("127.0.0.1"));
        lambda.start();
        caller = AwsLambdaCaller.create(new AwsClientSettings("us-east-1", URI.create("http://127.0.0.1:" + lambda.port())));
    }

    @AfterEach
    void stop() {
        lambda.stop();
    }

    private static TaskContext task() {
        return new TaskContext("token", "orders:o-1", "Score", IntegrationPattern.REQUEST_RESPONSE, null, "arn:aws:states:::lambda:invoke",
                null, new Owner.Platform("orders", "orders:o-1"));
    }

    @Test
    void theOptimisedIntegrationAnswersTheResponseWithItsPayloadParsedAndTheVersionTheQualifierRanOn() {
        lambda.stubFor(post(urlPathMatching(INVOCATIONS)).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withHeader("X-Amz-Executed-Version", "7")
                .withHeader("x-amzn-RequestId", "5a2c1f8e-0000-4c1e-9a51-3b9d0d6f0e11").withBody("{\"score\": 42}")));

        JsonNode result = caller.call(new LambdaCall(ARN, Json.parse("{\"order\": \"o-1\"}"), "prod", "RequestResponse", null, null, true), task());

        assertThat(result.get("Payload")).isEqualTo(Json.parse("{\"score\": 42}"));
        assertThat(result.get("StatusCode").asInt()).isEqualTo(200);
        assertThat(result.get("ExecutedVersion").asText()).as("the version the alias resolved to").isEqualTo("7");
        assertThat(result.at("/SdkHttpMetadata/HttpStatusCode").asInt()).isEqualTo(200);
        assertThat(result.at("/SdkHttpMetadata/HttpHeaders/X-Amz-Executed-Version").asText()).isEqualTo("7");
        assertThat(result.at("/SdkResponseMetadata/RequestId").asText()).isEqualTo("5a2c1f8e-0000-4c1e-9a51-3b9d0d6f0e11");
        lambda.verify(postRequestedFor(urlPathMatching(INVOCATIONS)).withQueryParam("Qualifier", equalTo("prod"))
                .withHeader("X-Amz-Invocation-Type", equalTo("RequestResponse")).withRequestBody(equalToJson("{\"order\": \"o-1\"}")));
    }

    @Test
    void aLambdaArnResourceGetsTheFunctionsResultItselfAndAnEventInvocationAnEmptyPayloadWith202() {
        // Without InvocationType the SDK sends no X-Amz-Invocation-Type: Lambda's default, RequestResponse, as Step Functions'.
        lambda.stubFor(post(urlPathMatching(INVOCATIONS))
                .willReturn(aResponse().withStatus(200).withHeader("X-Amz-Executed-Version", "$LATEST").withBody("[1, 2]")));
        lambda.stubFor(post(urlPathMatching(INVOCATIONS)).withHeader("X-Amz-Invocation-Type", equalTo("Event"))
                .willReturn(aResponse().withStatus(202)));

        assertThat(caller.call(new LambdaCall(ARN, Json.object(), null, null, null, null, false), task()))
                .as("a Lambda ARN as the Resource: the function's result, not wrapped").isEqualTo(Json.parse("[1, 2]"));
        JsonNode event = caller.call(new LambdaCall(ARN, Json.object(), null, "Event", null, null, true), task());
        assertThat(event.get("StatusCode").asInt()).isEqualTo(202);
        assertThat(event.get("Payload").asText()).isEmpty();
    }

    @Test
    void aFunctionErrorIsNamedByItsErrorTypeWithTheErrorObjectAsCauseAndOneWithoutIsLambdaUnknown() {
        lambda.stubFor(post(urlPathMatching(INVOCATIONS)).willReturn(aResponse().withStatus(200).withHeader("X-Amz-Function-Error", "Unhandled")
                .withBody("{\"errorType\":\"CustomError\",\"errorMessage\":\"This is a custom error!\",\"trace\":[]}")));
        assertThatThrownBy(() -> caller.call(new LambdaCall(ARN, Json.object(), null, null, null, null, true), task()))
                .isInstanceOfSatisfying(TaskError.class, e -> {
                    assertThat(e.errorName()).isEqualTo("CustomError");
                    assertThat(Json.parse(e.getMessage()).get("errorMessage").asText()).isEqualTo("This is a custom error!");
                });

        lambda.stubFor(post(urlPathMatching(INVOCATIONS)).willReturn(aResponse().withStatus(200).withHeader("X-Amz-Function-Error", "Unhandled")
                .withBody("{\"errorMessage\":\"2026-12-05T19:00:00.000Z Task timed out after 3.00 seconds\"}")));
        assertThatThrownBy(() -> caller.call(new LambdaCall(ARN, Json.object(), null, null, null, null, true), task()))
                .isInstanceOfSatisfying(TaskError.class, e -> assertThat(e.errorName()).isEqualTo("Lambda.Unknown"));
    }

    @Test
    void lambdasOwnRefusalsAreLambdaExceptionNamesAndAnUnreachableServiceIsSdkClientException() {
        lambda.stubFor(post(urlPathMatching(INVOCATIONS)).willReturn(aResponse().withStatus(404)
                .withHeader("x-amzn-ErrorType", "ResourceNotFoundException").withHeader("Content-Type", "application/json")
                .withBody("{\"Type\":\"User\",\"Message\":\"Function not found: " + ARN + "\"}")));
        assertThatThrownBy(() -> caller.call(new LambdaCall(ARN, Json.object(), null, null, null, null, true), task()))
                .isInstanceOfSatisfying(TaskError.class, e -> {
                    assertThat(e.errorName()).isEqualTo("Lambda.ResourceNotFoundException");
                    assertThat(e.getMessage()).contains("Function not found");
                });

        lambda.stubFor(post(urlPathMatching(INVOCATIONS)).willReturn(aResponse().withStatus(429)
                .withHeader("x-amzn-ErrorType", "TooManyRequestsException").withBody("{\"Type\":\"User\",\"message\":\"Rate Exceeded.\"}")));
        assertThatThrownBy(() -> caller.call(new LambdaCall(ARN, Json.object(), null, null, null, null, true), task()))
                .isInstanceOfSatisfying(TaskError.class, e -> assertThat(e.errorName()).isEqualTo("Lambda.TooManyRequestsException"));
        assertThat(lambda.findAll(postRequestedFor(urlPathMatching(INVOCATIONS)))).as("one Invoke each: the SDK retries nothing").hasSize(2);

        lambda.stop();
        assertThatThrownBy(() -> caller.call(new LambdaCall(ARN, Json.object(), null, null, null, null, true), task()))
                .isInstanceOfSatisfying(TaskError.class, e -> assertThat(e.errorName()).isEqualTo("Lambda.SdkClientException"));
    }
}
