package io.sluice.aws.sdk;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import io.sluice.aws.client.AwsClientSettings;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.integration.IntegrationRegistry;
import io.sluice.functions.integration.Integrations;
import io.sluice.functions.tenancy.Owner;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.integration.Platform;
import io.sluice.orchestration.json.Json;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code arn:aws:states:::aws-sdk:lambda:invoke}, the generic SDK integration ({@link AwsSdkHandler#generic}) calling
 * Lambda's Invoke action by name through the real Lambda SDK client. Nothing serves Lambda here (LocalStack needs Docker),
 * so WireMock answers as the Invoke API reference describes it (https://docs.aws.amazon.com/lambda/latest/api/API_Invoke.html:
 * {@code POST /2015-03-31/functions/FunctionName/invocations}, the {@code X-Amz-Invocation-Type} header, the answer's
 * status as {@code StatusCode}, {@code X-Amz-Executed-Version} as {@code ExecutedVersion}, {@code X-Amz-Function-Error}
 * as {@code FunctionError}; an API error as a status with {@code X-Amzn-ErrorType}). Error names as "AWS SDK service
 * integrations" gives them (https://docs.aws.amazon.com/step-functions/latest/dg/supported-services-awssdk.html):
 * {@code Lambda.<Error>}. The Payload is a blob, given back as the handler gives every blob ({@link SdkShapes}: base64
 * text); no recording of what AWS shows for it was found, so that form is the team's reading, not an oracle.
 */
class AwsSdkLambdaTest {
    private WireMockServer lambda;
    private SdkServices services;
    private Integrations integrations;

    @BeforeEach
    void start() {
        lambda = new WireMockServer(WireMockConfiguration.options().dynamicPort().bindAddress("127.0.0.1"));
        lambda.start();
        services = new SdkServices(service -> new AwsClientSettings("us-east-1", URI.create("http://127.0.0.1:" + lambda.port())));
        integrations = new Integrations(new IntegrationRegistry(Platform.AWS, List.of(), AwsSdkHandler.generic(services)));
    }

    @AfterEach
    void stop() {
        services.close();
        lambda.stop();
    }

    private JsonNode run(String parameters) {
        TaskContext task = new TaskContext("orders:run-1.0.1.0", "orders:run-1", "Call", IntegrationPattern.REQUEST_RESPONSE, null,
                "arn:aws:states:::aws-sdk:lambda:invoke", null, new Owner.Platform("orders", "orders:run-1"));
        return integrations.apply(Json.parse(parameters), task);
    }

    @Test
    void invokeReachesTheNamedFunctionAndAnswersTheInvokeResponse() {
        lambda.stubFor(post(urlPathEqualTo("/2015-03-31/functions/scorer/invocations")).willReturn(aResponse().withStatus(200)
                .withHeader("Content-Type", "application/json").withHeader("X-Amz-Executed-Version", "$LATEST").withBody("{\"score\": 42}")));

        JsonNode out = run("{\"FunctionName\": \"scorer\", \"Payload\": {\"order\": 7}}");

        lambda.verify(postRequestedFor(urlPathEqualTo("/2015-03-31/functions/scorer/invocations"))
                .withRequestBody(equalToJson("{\"order\": 7}")));
        assertThat(out.get("StatusCode").asInt()).isEqualTo(200);
        assertThat(out.get("ExecutedVersion").asText()).isEqualTo("$LATEST");
        assertThat(new String(Base64.getDecoder().decode(out.get("Payload").asText()), StandardCharsets.UTF_8)).isEqualTo("{\"score\": 42}");
    }

    @Test
    void anEventInvocationIsSentAsOneAndAnswered202() {
        lambda.stubFor(post(urlPathEqualTo("/2015-03-31/functions/audit/invocations")).willReturn(aResponse().withStatus(202)));

        JsonNode out = run("{\"FunctionName\": \"audit\", \"InvocationType\": \"Event\", \"Payload\": {\"order\": 7}}");

        lambda.verify(postRequestedFor(urlPathEqualTo("/2015-03-31/functions/audit/invocations"))
                .withHeader("X-Amz-Invocation-Type", equalTo("Event")));
        assertThat(out.get("StatusCode").asInt()).isEqualTo(202);
    }

    @Test
    void anUnknownFunctionFailsTheTaskWithLambdasErrorName() {
        lambda.stubFor(post(urlPathEqualTo("/2015-03-31/functions/missing/invocations")).willReturn(aResponse().withStatus(404)
                .withHeader("Content-Type", "application/json").withHeader("X-Amzn-ErrorType", "ResourceNotFoundException")
                .withBody("{\"Type\": \"User\", \"Message\": \"Function not found: arn:aws:lambda:us-east-1:123456789012:function:missing\"}")));

        TaskError e = catchThrowableOfType(TaskError.class, () -> run("{\"FunctionName\": \"missing\", \"Payload\": {}}"));

        assertThat(e.errorName()).isEqualTo("Lambda.ResourceNotFoundException");
        assertThat(e.getMessage()).contains("Function not found");
    }
}
