package io.sluice.functions.integration.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.orchestration.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LambdaMappingsTest {
    @TempDir
    Path dir;

    private LambdaMappings parse(String json) {
        return LambdaMappings.parse(Json.parse(json), "lambdas.json", dir);
    }

    @Test
    void eachKindIsReadAndAnArnKeyMapsTheFunctionItNames() {
        LambdaMappings m = parse("""
                {"my-fn": {"url": "http://127.0.0.1:3001"},
                 "arn:aws:lambda:eu-west-1:123456789012:function:rie:live": {"url": "http://127.0.0.1:9000/", "function": "function", "timeoutSeconds": 5},
                 "score": {"command": ["python3", "score.py"], "directory": "handlers", "environment": {"TABLE": "orders"}},
                 "py": {"python": "app.handler"},
                 "stub": {"response": {"ok": true}},
                 "broken": {"error": {"errorType": "CustomError", "errorMessage": "no"}}}
                """);
        assertThat(m.names()).containsExactlyInAnyOrder("my-fn", "rie", "score", "py", "stub", "broken");
        assertThat(m.target("arn:aws:lambda:us-east-1:123456789012:function:my-fn:prod")).get()
                .isEqualTo(new LambdaTarget.Endpoint(java.net.URI.create("http://127.0.0.1:3001"), "my-fn", Duration.ofSeconds(60)));
        LambdaTarget.Endpoint rie = (LambdaTarget.Endpoint) m.target("rie").orElseThrow();
        assertThat(rie.invocations()).hasToString("http://127.0.0.1:9000/2015-03-31/functions/function/invocations");
        assertThat(rie.timeout()).isEqualTo(Duration.ofSeconds(5));
        LambdaTarget.Command score = (LambdaTarget.Command) m.target("score").orElseThrow();
        assertThat(score.argv()).containsExactly("python3", "score.py");
        assertThat(score.directory()).isEqualTo(dir.resolve("handlers"));
        assertThat(score.environment()).containsEntry("TABLE", "orders");
        assertThat(((LambdaTarget.Command) m.target("py").orElseThrow()).argv()).first().isEqualTo("python3");
        assertThat(m.target("stub")).get().isEqualTo(new LambdaTarget.Fixed(Json.parse("{\"ok\": true}"), null, null));
        assertThat(m.target("unmapped")).isEmpty();
    }

    @Test
    void everyMistakeIsNamedByItsPointerWithWhatWasExpected() {
        assertThatThrownBy(() -> parse("""
                {"arn:aws:s3:::bucket": {"url": "http://127.0.0.1:1"},
                 "a": {"url": "ftp://x"},
                 "b": {"url": "http://user:secret@127.0.0.1:1"},
                 "c": {"command": "python3 x.py"},
                 "d": {"response": 1, "url": "http://127.0.0.1:1"},
                 "e": {"respnse": 1},
                 "f": {"command": ["x"], "timeoutSeconds": 0},
                 "g": {"python": "no-function"},
                 "h": {"response": 1, "directory": "x"},
                 "arn:aws:lambda:us-east-1:123456789012:function:a": {"response": 2}}
                """)).isInstanceOf(IllegalArgumentException.class).satisfies(e -> assertThat(e.getMessage().lines().toList()).containsExactly(
                "lambdas.json: /arn:aws:s3:::bucket: expected a Lambda function name (my-fn, 1-60 letters, digits, - and _) or ARN"
                        + " (arn:aws:lambda:<region>:<account>:function:my-fn), not 'arn:aws:s3:::bucket'",
                "lambdas.json: /a/url: expected the endpoint's http(s) URL without the API's path, such as http://127.0.0.1:3001",
                "lambdas.json: /b/url: must not carry credentials; the Invoke API is called without them",
                "lambdas.json: /c/command: expected an array of strings, the program first, such as [\"python3\", \"handler.py\"] (no shell is used)",
                "lambdas.json: /d: has response and url; an entry has exactly one of them",
                "lambdas.json: /e/respnse: unknown field; an entry has one of url, command, python, node, response, error, and may have"
                        + " directory, environment, function, timeoutSeconds",
                "lambdas.json: /e: expected one of url, command, python, node, response, error",
                "lambdas.json: /f/timeoutSeconds: expected whole seconds from 1 to 900, as a Lambda function's timeout",
                "lambdas.json: /g/python: expected the handler as Lambda names it, <module>.<function>, such as app.handler",
                "lambdas.json: /h/directory: does not apply to a response",
                "lambdas.json: /arn:aws:lambda:us-east-1:123456789012:function:a: names function 'a' again (as does 'a'); map each function once"));
    }

    @Test
    void aMissingFileIsNoMappingUnlessItWasNamed() throws Exception {
        Path file = dir.resolve("lambdas.json");
        assertThat(LambdaMappings.read(file, false).names()).isEmpty();
        assertThatThrownBy(() -> LambdaMappings.read(file, true)).hasMessage(file + ": /: no such file");
        Files.writeString(file, "{\"f\": {\"response\": null}}");
        assertThat(LambdaMappings.read(file, true).names()).containsExactly("f");
        Files.writeString(file, "[");
        assertThatThrownBy(() -> LambdaMappings.read(file, true)).hasMessageStartingWith(file + ": /: ");
    }

    @Test
    void theHintForAnUnmappedFunctionNamesTheFileAndALineToAdd() {
        assertThat(LambdaMappings.none("pipelines/lambdas.json").howToMap("my-fn")).startsWith(
                "map it in pipelines/lambdas.json, for example with the line \"my-fn\": {\"url\": \"http://127.0.0.1:3001\"}");
        assertThat(List.of(LambdaMappings.none("x").file())).containsExactly("x");
    }
}
