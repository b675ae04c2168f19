package io.sluice.functions.integration.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.functions.harness.TaskError;
import io.sluice.orchestration.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Mapped functions run as local commands: a shell one-liner, and Python and Node handlers as they are. */
class LocalCommandTest {
    @TempDir
    Path dir;

    private LocalLambdas lambdas(String json) {
        return new LocalLambdas(LambdaMappings.parse(Json.parse(json), "lambdas.json", dir),
                Map.of("PATH", System.getenv("PATH"), "SLUICE_REDIS_URL", "redis://:hunter2@127.0.0.1:6379"));
    }

    @Test
    void aCommandReadsTheEventOnStdinAndWritesTheResultOnStdout() {
        LocalLambdas l = lambdas("""
                {"cat": {"command": ["sh", "-c", "cat"]},
                 "env": {"command": ["sh", "-c", "printf '{\\"fn\\": \\"%s\\", \\"table\\": \\"%s\\", \\"redis\\": \\"%s\\"}' \
                 \\"$AWS_LAMBDA_FUNCTION_NAME\\" \\"$TABLE\\" \\"$SLUICE_REDIS_URL\\""], "environment": {"TABLE": "orders"}},
                 "quiet": {"command": ["sh", "-c", "cat > /dev/null"]}}
                """);
        assertThat(l.invoke("cat", Json.parse("{\"a\": [1, 2]}"))).isEqualTo(Json.parse("{\"a\": [1, 2]}"));
        // Only PATH and the like reach the command, never the host's settings (here a Redis password).
        assertThat(l.invoke("env", Json.object())).isEqualTo(Json.parse("{\"fn\": \"env\", \"table\": \"orders\", \"redis\": \"\"}"));
        assertThat(l.invoke("quiet", Json.object()).isNull()).isTrue();
    }

    @Test
    void aPythonHandlerRunsAsItIsAndItsExceptionIsNamedByItsClass() throws Exception {
        Files.writeString(dir.resolve("app.py"), """
                class CustomError(Exception):
                    pass

                def handler(event, context):
                    print("a log line, not the result")
                    if event.get("fail"):
                        raise CustomError("Test Error")
                    return {"total": sum(event["items"]), "name": context.function_name}
                """);
        LocalLambdas l = lambdas("{\"py\": {\"python\": \"app.handler\"}}");
        assertThat(l.invoke("py", Json.parse("{\"items\": [1, 2, 3]}"))).isEqualTo(Json.parse("{\"total\": 6, \"name\": \"py\"}"));
        // The AWS Lambda developer guide's Python errors page: raising CustomError gives {"errorMessage": "Test Error",
        // "errorType": "CustomError", ...}, and Step Functions names the error by errorType.
        assertThatThrownBy(() -> l.invoke("py", Json.parse("{\"fail\": true}"))).isInstanceOfSatisfying(TaskError.class, e -> {
            assertThat(e.errorName()).isEqualTo("CustomError");
            assertThat(Json.parse(e.getMessage()).path("errorMessage").asText()).isEqualTo("Test Error");
        });
    }

    @Test
    void aNodeHandlerRunsAsItIsAndItsErrorIsNamedByItsName() throws Exception {
        // The handler of the Step Functions developer guide's "Handling error conditions" tutorial.
        Files.writeString(dir.resolve("index.mjs"), """
                export const handler = async (event) => {
                    function CustomError(message) {
                        this.name = 'CustomError';
                        this.message = message;
                    }
                    CustomError.prototype = new Error();
                    if (event.fail) throw new CustomError('This is a custom error!');
                    console.log('a log line, not the result');
                    return {doubled: event.n * 2};
                };
                """);
        LocalLambdas l = lambdas("{\"js\": {\"node\": \"index.handler\"}}");
        assertThat(l.invoke("js", Json.parse("{\"n\": 21}"))).isEqualTo(Json.parse("{\"doubled\": 42}"));
        assertThatThrownBy(() -> l.invoke("js", Json.parse("{\"fail\": true}"))).isInstanceOfSatisfying(TaskError.class, e -> {
            assertThat(e.errorName()).isEqualTo("CustomError");
            assertThat(Json.parse(e.getMessage()).path("errorMessage").asText()).isEqualTo("This is a custom error!");
        });
    }

    @Test
    void aFailureWithoutAnErrorTypeIsLambdaUnknownWithTheEndOfStderr() {
        LocalLambdas l = lambdas("{\"bad\": {\"command\": [\"sh\", \"-c\", \"echo 'Traceback: boom' >&2; exit 3\"]},"
                + " \"slow\": {\"command\": [\"sh\", \"-c\", \"exec sleep 30\"], \"timeoutSeconds\": 1},"
                + " \"missing\": {\"command\": [\"no-such-program-here\"]}}");
        assertThatThrownBy(() -> l.invoke("bad", Json.object())).isInstanceOfSatisfying(TaskError.class, e -> {
            assertThat(e.errorName()).isEqualTo("Lambda.Unknown");
            assertThat(e.getMessage()).isEqualTo("Lambda function 'bad' failed: sh exited with status 3; the end of its stderr: Traceback: boom");
        });
        assertThatThrownBy(() -> l.invoke("slow", Json.object())).isInstanceOfSatisfying(TaskError.class, e -> {
            assertThat(e.errorName()).isEqualTo("Lambda.Unknown");
            assertThat(e.getMessage()).isEqualTo("Lambda function 'slow' failed: Task timed out after 1 seconds");
        });
        assertThatThrownBy(() -> l.invoke("missing", Json.object())).isInstanceOfSatisfying(TaskError.class, e ->
                assertThat(e.getMessage()).startsWith("Lambda function 'missing' failed: cannot start no-such-program-here in "));
    }

    @Test
    void aFixedResponseOrErrorIsGivenEveryTime() {
        LocalLambdas l = lambdas("{\"stub\": {\"response\": {\"ok\": true}}, \"broken\": {\"error\": {\"errorType\": \"Oops\", \"errorMessage\": \"no\"}}}");
        assertThat(l.invoke("stub", Json.object())).isEqualTo(Json.parse("{\"ok\": true}"));
        assertThatThrownBy(() -> l.invoke("broken", Json.object())).isInstanceOfSatisfying(TaskError.class, e -> {
            assertThat(e.errorName()).isEqualTo("Oops");
            assertThat(Json.parse(e.getMessage())).isEqualTo(Json.parse("{\"errorType\": \"Oops\", \"errorMessage\": \"no\"}"));
        });
        assertThatThrownBy(() -> l.invoke("other", Json.object())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("map it in lambdas.json");
    }
}
