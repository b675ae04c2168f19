package io.sluice.functions.integration.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.json.Json;

/**
 * A Lambda function's failure named as Step Functions names it. A function error (Lambda's {@code X-Amz-Function-Error},
 * or a command that exits non-zero) is named by the payload's {@code errorType}, with the whole payload as the cause
 * ("Handling error conditions" in the Step Functions developer guide: a Catch on {@code CustomError} catches a Node
 * function throwing {@code CustomError}); one without an error type, a crash or a timeout, is {@value #UNKNOWN}
 * ("Handle Lambda service exceptions": unhandled errors, including out-of-memory and timeouts, are reported as
 * {@code Lambda.Unknown}). A failure of the Invoke API itself is {@code Lambda.<exception>}, such as
 * {@code Lambda.ResourceNotFoundException} or {@code Lambda.ServiceException}.
 */
public final class FunctionErrors {
    public static final String UNKNOWN = "Lambda.Unknown";
    public static final String CLIENT = "Lambda.SdkClientException";

    private FunctionErrors() {}

    /** A function error whose payload is {@code payload} (the function's error object, as its runtime wrote it). */
    public static TaskError functionError(String function, String payload) {
        JsonNode json = parse(payload);
        JsonNode type = json == null ? null : json.get("errorType");
        if (type != null && type.isTextual() && !type.asText().isBlank()) {
            return new TaskError(type.asText(), Json.write(json), true);
        }
        return unknown(function, payload == null || payload.isBlank() ? "it returned no error type and no payload"
                : "it returned no error type; its payload: " + truncate(payload));
    }

    /** A failure without an error type: {@value #UNKNOWN}, saying what happened. */
    public static TaskError unknown(String function, String what) {
        return new TaskError(UNKNOWN, "Lambda function '" + function + "' failed: " + what, true);
    }

    /** The Invoke API refused the call: {@code Lambda.<type>}. */
    public static TaskError service(String type, String cause) {
        return new TaskError("Lambda." + type, cause, !type.equals("ResourceNotFoundException") && !type.equals("InvalidRequestContentException"));
    }

    public static String truncate(String text) {
        String t = text.strip();
        return t.length() <= 2000 ? t : "..." + t.substring(t.length() - 2000);
    }

    private static JsonNode parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return Json.parse(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
