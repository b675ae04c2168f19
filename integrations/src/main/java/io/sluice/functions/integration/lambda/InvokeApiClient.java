package io.sluice.functions.integration.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * Calls a function through Lambda's Invoke API ({@code POST /2015-03-31/functions/<name>/invocations}, invocation type
 * RequestResponse), as {@code sam local start-lambda} and the Runtime Interface Emulator serve it. A 200 with
 * {@code X-Amz-Function-Error} is a function error; another status is the API's own error, named by its
 * {@code X-Amzn-ErrorType} header (or, without one, as the status means: 404 ResourceNotFoundException, 429
 * TooManyRequestsException, 5xx ServiceException). Redirects are not followed.
 */
final class InvokeApiClient {
    /** Lambda's limit on a synchronous invocation's response. */
    static final int MAX_RESPONSE_BYTES = 6 * 1024 * 1024;
    private static final Map<Integer, String> BY_STATUS = Map.of(400, "InvalidRequestContentException", 404, "ResourceNotFoundException",
            413, "RequestTooLargeException", 429, "TooManyRequestsException");

    private final HttpClient http;

    InvokeApiClient(HttpClient http) {
        this.http = http;
    }

    JsonNode invoke(String function, LambdaTarget.Endpoint target, JsonNode event) {
        HttpRequest request = HttpRequest.newBuilder(target.invocations()).timeout(target.timeout())
                .header("Content-Type", "application/json").header("X-Amz-Invocation-Type", "RequestResponse")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(event), StandardCharsets.UTF_8)).build();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (HttpTimeoutException e) {
            throw FunctionErrors.unknown(function, "Task timed out after " + target.timeout().toSeconds() + " seconds (" + target.base() + ")");
        } catch (IOException e) {
            throw new TaskError(FunctionErrors.CLIENT, "Cannot reach Lambda function '" + function + "' at " + target.base() + ": "
                    + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()), true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TaskError(FunctionErrors.CLIENT, "Interrupted while calling Lambda function '" + function + "'.", true);
        }
        String body = new String(response.body(), StandardCharsets.UTF_8);
        if (response.statusCode() / 100 != 2) {
            throw apiError(function, target, response, body);
        }
        if (response.body().length > MAX_RESPONSE_BYTES) {
            throw FunctionErrors.service("RequestTooLargeException", "Lambda function '" + function + "' answered "
                    + response.body().length + " bytes; a synchronous invocation's response is at most 6 MB.");
        }
        if (response.headers().firstValue("X-Amz-Function-Error").isPresent()) {
            throw FunctionErrors.functionError(function, body);
        }
        return Results.json(function, body);
    }

    private static TaskError apiError(String function, LambdaTarget.Endpoint target, HttpResponse<byte[]> response, String body) {
        int status = response.statusCode();
        String type = response.headers().firstValue("X-Amzn-ErrorType").map(t -> t.split(":", 2)[0].strip())
                .filter(t -> t.matches("[A-Za-z0-9]+")).orElse(BY_STATUS.getOrDefault(status, status >= 500 ? "ServiceException" : "AWSLambdaException"));
        String message = "";
        try {
            JsonNode json = Json.parse(body);
            message = json.path("message").asText(json.path("Message").asText(""));
        } catch (IllegalArgumentException e) {
            message = "";
        }
        return FunctionErrors.service(type, "Lambda function '" + function + "' at " + target.base() + " answered HTTP " + status
                + (message.isBlank() ? "" : ": " + FunctionErrors.truncate(message)));
    }
}
