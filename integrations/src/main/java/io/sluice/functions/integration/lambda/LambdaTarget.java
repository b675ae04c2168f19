package io.sluice.functions.integration.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Where a mapped Lambda function runs on this machine: what the operator's mapping file says for one function. Never
 * taken from a definition or a payload; a definition can only name a function the operator mapped.
 */
public sealed interface LambdaTarget {

    /**
     * An HTTP endpoint serving Lambda's Invoke API ({@code POST /2015-03-31/functions/<name>/invocations}), as
     * {@code sam local start-lambda} and the Lambda Runtime Interface Emulator serve it.
     *
     * @param base       the endpoint, without the API's path ({@code http://127.0.0.1:3001})
     * @param remoteName the function name in the path: the mapped name, or {@code function} for the emulator
     */
    record Endpoint(URI base, String remoteName, Duration timeout) implements LambdaTarget {
        /** The Invoke API's URL for this function. */
        public URI invocations() {
            String root = base.toString().replaceAll("/+$", "");
            return URI.create(root + "/2015-03-31/functions/" + remoteName + "/invocations");
        }
    }

    /**
     * A program that reads the event (JSON) on stdin and writes the result (JSON) on stdout; a non-zero exit is a
     * function error. It runs with only {@code environment} and a few variables of the host ({@code PATH}, ...),
     * never the host's own settings or secrets.
     *
     * @param argv        the program and its arguments; no shell is involved
     * @param directory   where it runs
     * @param environment the variables the mapping gives it, as a Lambda function's configuration does
     */
    record Command(List<String> argv, Path directory, Map<String, String> environment, Duration timeout) implements LambdaTarget {}

    /** The same response every time, or the same function error when {@code errorType} is set. */
    record Fixed(JsonNode response, String errorType, String errorMessage) implements LambdaTarget {}
}
