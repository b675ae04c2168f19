package io.sluice.functions.integration.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A mapped function on an HTTP endpoint speaking Lambda's Invoke API, served here by a small loopback server that answers
 * as the API reference's Invoke page describes: {@code POST /2015-03-31/functions/<name>/invocations}, 200 with the
 * payload, {@code X-Amz-Function-Error} on a function error (the payload then being the runtime's error object), and
 * an API error as a status with {@code X-Amzn-ErrorType} (https://docs.aws.amazon.com/lambda/latest/api/API_Invoke.html).
 */
class InvokeApiEndpointTest {
    private HttpServer server;
    private final List<String> requests = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/2015-03-31/functions/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
                    + exchange.getRequestHeaders().getFirst("X-Amz-Invocation-Type") + " " + body);
            String function = exchange.getRequestURI().getPath().split("/")[3];
            JsonNode event = Json.parse(body);
            String answer;
            int status = 200;
            switch (function) {
                case "function", "echo" -> answer = Json.write(Json.object().put("echoed", event.path("n").asInt()));
                case "custom" -> {
                    exchange.getResponseHeaders().add("X-Amz-Function-Error", "Unhandled");
                    answer = "{\"errorMessage\":\"This is a custom error!\",\"errorType\":\"CustomError\",\"trace\":[]}";
                }
                case "untyped" -> {
                    exchange.getResponseHeaders().add("X-Amz-Function-Error", "Unhandled");
                    answer = "{\"errorMessage\":\"out of memory\"}";
                }
                case "throttled" -> {
                    status = 429;
                    exchange.getResponseHeaders().add("X-Amzn-ErrorType", "TooManyRequestsException:http://internal.amazon.com/coral/");
                    answer = "{\"Type\":\"User\",\"message\":\"Rate Exceeded.\"}";
                }
                default -> {
                    status = 404;
                    answer = "{\"Type\":\"User\",\"message\":\"Function not found: " + function + "\"}";
                }
            }
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private LocalLambdas lambdas(String json) {
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        return new LocalLambdas(LambdaMappings.parse(Json.parse(json.replace("URL", url)), "lambdas.json", Path.of(".")), Map.of());
    }

    @Test
    void theEventIsPostedToTheInvokeApiAndThePayloadIsTheResult() {
        LocalLambdas l = lambdas("""
                {"echo": {"url": "URL"}, "rie": {"url": "URL", "function": "function"}}""");
        assertThat(l.invoke("echo", Json.parse("{\"n\": 4}"))).isEqualTo(Json.parse("{\"echoed\": 4}"));
        assertThat(l.invoke("arn:aws:lambda:us-east-1:123456789012:function:rie", Json.parse("{\"n\": 5}"))).isEqualTo(Json.parse("{\"echoed\": 5}"));
        assertThat(requests).containsExactly("POST /2015-03-31/functions/echo/invocations RequestResponse {\"n\":4}",
                "POST /2015-03-31/functions/function/invocations RequestResponse {\"n\":5}");
    }

    @Test
    void aFunctionErrorIsNamedByItsErrorTypeWithThePayloadAsCause() {
        // Step Functions developer guide, "Handling error conditions" tutorial: the Node function throwing CustomError is
        // caught by "ErrorEquals": ["CustomError"], and the Cause is the function's error object as JSON text.
        assertThatThrownBy(() -> lambdas("{\"custom\": {\"url\": \"URL\"}}").invoke("custom", Json.object()))
                .isInstanceOfSatisfying(TaskError.class, e -> {
                    assertThat(e.errorName()).isEqualTo("CustomError");
                    assertThat(Json.parse(e.getMessage()).path("errorMessage").asText()).isEqualTo("This is a custom error!");
                });
    }

    @Test
    void aFunctionErrorWithoutTypeIsLambdaUnknown() {
        // "Handle Lambda service exceptions" (Step Functions developer guide): unhandled errors, out-of-memory and
        // timeouts included, are reported as Lambda.Unknown.
        assertThatThrownBy(() -> lambdas("{\"untyped\": {\"url\": \"URL\"}}").invoke("untyped", Json.object()))
                .isInstanceOfSatisfying(TaskError.class, e -> {
                    assertThat(e.errorName()).isEqualTo("Lambda.Unknown");
                    assertThat(e.getMessage()).contains("untyped", "out of memory");
                });
    }

    @Test
    void theApiSOwnErrorsAreLambdaExceptions() {
        LocalLambdas l = lambdas("{\"throttled\": {\"url\": \"URL\"}, \"gone\": {\"url\": \"URL\"}}");
        assertThatThrownBy(() -> l.invoke("throttled", Json.object())).isInstanceOfSatisfying(TaskError.class, e -> {
            assertThat(e.errorName()).isEqualTo("Lambda.TooManyRequestsException");
            assertThat(e.getMessage()).endsWith("answered HTTP 429: Rate Exceeded.");
        });
        assertThatThrownBy(() -> l.invoke("gone", Json.object())).isInstanceOfSatisfying(TaskError.class, e ->
                assertThat(e.errorName()).isEqualTo("Lambda.ResourceNotFoundException"));
    }

    @Test
    void anEndpointNobodyListensOnIsAClientException() throws IOException {
        int free;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            free = s.getLocalPort();
        }
        LocalLambdas l = new LocalLambdas(LambdaMappings.parse(Json.parse("{\"f\": {\"url\": \"http://127.0.0.1:" + free + "\"}}"),
                "lambdas.json", Path.of(".")), Map.of());
        assertThatThrownBy(() -> l.invoke("f", Json.object())).isInstanceOfSatisfying(TaskError.class, e -> {
            assertThat(e.errorName()).isEqualTo("Lambda.SdkClientException");
            assertThat(e.getMessage()).startsWith("Cannot reach Lambda function 'f' at http://127.0.0.1:" + free);
        });
    }
}
