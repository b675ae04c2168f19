package io.sluice.azure.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.sluice.azure.invoke.LocalFunctionsHost;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.SfnException;

/**
 * The Step Functions API of the Azure {@code http-api} function: {@code POST /api} with {@code X-Amz-Target:
 * AWSStepFunctions.*} reaches it, in front of the HTTP API's controllers. The AWS SDK's real {@code SfnClient} signs
 * its requests; a loopback bridge hands each to the function as the Functions host would (there is none here). The
 * test JVM's one app has no tenants file and no Key Vault, so the API must refuse every request, signed or not: a
 * cloud host never serves it unauthenticated. (Signed requests that a tenant's key verifies are HttpApiSfnTest's, on
 * the Lambda host, over the same {@code io.sluice.api.sfn} code.)
 */
class AzureSfnApiTest {
    private static HttpServer bridge;

    @BeforeAll
    static void startTheBridge() throws IOException {
        LocalFunctionsHost host = AzureTestApp.host();
        bridge = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        bridge.createContext("/", exchange -> asFunctionsHost(host, exchange));
        bridge.start();
    }

    @AfterAll
    static void stop() {
        if (bridge != null) bridge.stop(0);
    }

    private static void asFunctionsHost(LocalFunctionsHost host, HttpExchange exchange) throws IOException {
        try (exchange) {
            ObjectNode request = Json.object();
            request.put("method", exchange.getRequestMethod())
                    .put("url", "http://" + exchange.getRequestHeaders().getFirst("Host") + exchange.getRequestURI().getRawPath());
            ObjectNode headers = request.putObject("headers");
            exchange.getRequestHeaders().forEach((name, values) -> headers.put(name, String.join(",", values)));
            request.put("body", new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            JsonNode response = host.invoke("http-api", request);
            response.path("headers").fields().forEachRemaining(h -> exchange.getResponseHeaders().set(h.getKey(), h.getValue().asText()));
            JsonNode body = response.path("body");
            byte[] out = (body.isTextual() ? body.asText() : Json.write(body)).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(response.path("status").asInt(), out.length == 0 ? -1 : out.length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(out);
            }
        }
    }

    @Test
    void aSignedClientIsRefusedWithoutATenantsKeyAndTheServicesErrorCode() {
        try (SfnClient sfn = SfnClient.builder().endpointOverride(URI.create("http://127.0.0.1:" + bridge.getAddress().getPort() + "/api"))
                .region(Region.US_EAST_1).credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIDANY", "any")))
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1))).httpClient(UrlConnectionHttpClient.create()).build()) {
            assertThatThrownBy(sfn::listStateMachines).isInstanceOf(SfnException.class).satisfies(e -> {
                assertThat(((SfnException) e).awsErrorDetails().errorCode()).isEqualTo("UnrecognizedClientException");
                assertThat(((SfnException) e).statusCode()).isEqualTo(400);
            });
        }
    }

    @Test
    void anUnsignedCallIsRefusedAndTheHttpApiIsStillServedBesideIt() {
        LocalFunctionsHost host = AzureTestApp.host();
        JsonNode unsigned = host.invoke("http-api", Json.parse("""
                {"method": "POST", "url": "http://localhost:7071/api", "headers": {"Host": "localhost:7071",
                 "Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": "AWSStepFunctions.ListStateMachines"}, "body": "{}"}"""));
        assertThat(unsigned.path("status").asInt()).isEqualTo(400);
        assertThat(unsigned.path("headers").path("Content-Type").asText()).isEqualTo("application/x-amz-json-1.0");
        assertThat(unsigned.path("body").path("__type").asText()).isEqualTo("MissingAuthenticationTokenException");

        JsonNode elsewhere = host.invoke("http-api", Json.parse("""
                {"method": "POST", "url": "http://localhost:7071/api/v1/pipelines", "headers": {"Host": "localhost:7071",
                 "X-Amz-Target": "AWSStepFunctions.ListStateMachines"}, "body": "{}"}"""));
        assertThat(elsewhere.path("status").asInt()).as("only POST /api is the Step Functions API").isEqualTo(400);
        assertThat(elsewhere.path("body").path("__type").asText()).isEqualTo("UnknownOperationException");

        JsonNode pipelines = host.invoke("http-api", Json.parse("""
                {"method": "GET", "url": "http://localhost:7071/api/v1/pipelines", "headers": {"Host": "localhost:7071"}}"""));
        assertThat(pipelines.path("status").asInt()).isEqualTo(200);
    }
}
