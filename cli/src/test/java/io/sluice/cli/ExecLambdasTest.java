package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice exec --lambdas FILE} runs a definition's Lambda functions locally; {@code --substitutions FILE} fills its placeholders. */
class ExecLambdasTest {
    @TempDir
    Path dir;

    /** A SAM-style definition: its functions named by ${...} placeholders, one called by ARN, one through lambda:invoke. */
    private static final String DEFINITION = """
            {"StartAt": "Score", "States": {
              "Score": {"Type": "Task", "Resource": "${ScoreFunctionArn}", "ResultPath": "$.score", "Next": "Notify"},
              "Notify": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke",
                         "Parameters": {"FunctionName": "${NotifyFunction}", "Payload.$": "$"},
                         "Catch": [{"ErrorEquals": ["CustomError"], "ResultPath": "$.caught", "Next": "Done"}],
                         "ResultSelector": {"sent.$": "$.Payload.sent"}, "ResultPath": "$.notify", "Next": "Done"},
              "Done": {"Type": "Pass", "End": true}}}
            """;

    private String write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text).toString();
    }

    private String[] setUp() throws IOException {
        write("score.py", """
                def handler(event, context):
                    return {"total": sum(event["items"])}
                """);
        write("notify.mjs", """
                export const handler = async (event) => {
                    if (event.score.total > 10) {
                        const e = new Error('too much: ' + event.score.total);
                        e.name = 'CustomError';
                        throw e;
                    }
                    return {sent: true};
                };
                """);
        return new String[] {write("orders.asl.json", DEFINITION),
                write("lambdas.json", """
                        {"arn:aws:lambda:us-east-1:123456789012:function:score": {"python": "score.handler"},
                         "notify": {"node": "notify.handler"}}
                        """),
                write("substitutions.json", """
                        {"ScoreFunctionArn": "arn:aws:lambda:us-east-1:123456789012:function:score", "NotifyFunction": "notify"}
                        """)};
    }

    @Test
    void mappedPythonAndNodeHandlersRunTheDefinitionWithItsPlaceholdersFilled() throws IOException {
        String[] f = setUp();
        CliRun ok = CliRun.of("exec", f[0], "--lambdas", f[1], "--substitutions", f[2], "--input", "{\"items\": [1, 2, 3]}");
        assertThat(ok.exit()).as(ok.err()).isZero();
        assertThat(Json.parse(ok.out())).isEqualTo(Json.parse("{\"items\": [1, 2, 3], \"score\": {\"total\": 6}, \"notify\": {\"sent\": true}}"));

        // The Node function's error is caught by its name, as Step Functions catches a Lambda's errorType.
        CliRun caught = CliRun.of("exec", f[0], "--lambdas", f[1], "--substitutions", f[2], "--input", "{\"items\": [9, 9]}");
        assertThat(caught.exit()).as(caught.err()).isZero();
        assertThat(Json.parse(caught.out()).at("/caught/Error").asText()).isEqualTo("CustomError");
        assertThat(Json.parse(Json.parse(caught.out()).at("/caught/Cause").asText()).path("errorMessage").asText()).isEqualTo("too much: 18");
    }

    @Test
    void anUnmappedLambdaSaysWhereAndHowToMapIt() throws IOException {
        String[] f = setUp();
        String only = write("only-score.json", "{\"score\": {\"response\": {\"total\": 1}}}");
        CliRun r = CliRun.of("exec", f[0], "--lambdas", only, "--substitutions", f[2]);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(Json.parse(r.out()).path("cause").asText()).contains("calls function 'notify'",
                "map it in " + only + ", for example with the line \"notify\": {\"url\": \"http://127.0.0.1:3001\"}");
    }

    @Test
    void anUnfilledPlaceholderIsNamedWithWhereItIs() throws IOException {
        String[] f = setUp();
        String partial = write("partial.json", "{\"ScoreFunctionArn\": \"arn:aws:lambda:us-east-1:123456789012:function:score\"}");
        CliRun exec = CliRun.of("exec", f[0], "--lambdas", f[1], "--substitutions", partial);
        assertThat(exec.exit()).isEqualTo(2);
        assertThat(exec.err()).contains(f[0] + ": /States/Notify/Parameters/FunctionName: Placeholder ${NotifyFunction} is not filled: "
                + partial + " has no \"NotifyFunction\" (DefinitionSubstitutions)");
        CliRun validate = CliRun.of("validate", f[0], "--substitutions", partial);
        assertThat(validate.exit()).isEqualTo(2);
        assertThat(validate.err()).contains("Placeholder ${NotifyFunction} is not filled");
        assertThat(CliRun.of("validate", f[0], "--substitutions", f[2]).exit()).isZero();
    }

    @Test
    void aBadMappingFileIsReportedByPointer() throws IOException {
        String[] f = setUp();
        String bad = write("bad.json", "{\"notify\": {\"command\": \"node notify.mjs\"}}");
        CliRun r = CliRun.of("exec", f[0], "--lambdas", bad, "--substitutions", f[2]);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains(bad + ": /notify/command: expected an array of strings, the program first");
    }
}
