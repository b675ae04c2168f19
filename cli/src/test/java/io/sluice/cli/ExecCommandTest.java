package io.sluice.cli;

import static io.sluice.cli.CliRun.example;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExecCommandTest {
    @TempDir
    Path dir;

    private static final String ORDERS = example("retry-with-mocks/orders.asl.json");
    private static final String MOCKS = example("retry-with-mocks/orders.mocks.json");

    @Test
    void helloRunsToItsOutputAsOneLineOfJson() {
        CliRun r = CliRun.of("exec", example("hello/hello.asl.json"));
        assertThat(r.exit()).isZero();
        assertThat(r.out()).endsWith("\n").doesNotContain("\n ");
        assertThat(Json.parse(r.out())).isEqualTo(Json.parse("""
                {"greetings": ["Hello, Ada! (first)", "Hello, Grace!", "Hello, Linus!"], "count": 3}"""));
    }

    @Test
    void inputComesFromTheCommandLineOrAFile() throws IOException {
        String def = write("echo.asl.json", """
                {"StartAt": "P", "States": {"P": {"Type": "Pass", "Parameters": {"got.$": "$.v"}, "End": true}}}""");
        assertThat(CliRun.of("exec", def, "--input", "{\"v\": 1}").out().strip()).isEqualTo("{\"got\":1}");
        String input = write("in.json", "{\"v\": [2]}");
        assertThat(CliRun.of("exec", def, "--input-file", input).out().strip()).isEqualTo("{\"got\":[2]}");
        CliRun bad = CliRun.of("exec", def, "--input", "{nope");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("--input: not valid JSON");
    }

    @Test
    void aFailedExecutionPrintsErrorAndCauseAndExitsOne() throws IOException {
        String def = write("fail.asl.json", """
                {"StartAt": "F", "States": {"F": {"Type": "Fail", "Error": "Nope", "Cause": "because"}}}""");
        CliRun r = CliRun.of("exec", def);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out().strip()).isEqualTo("{\"error\":\"Nope\",\"cause\":\"because\"}");
    }

    /**
     * A Task calling a function of the bundle fails with the error docs/cli.md names for it (the issue 35 walk-through found
     * the README saying one name and {@code exec} answering another), naming the state and the function.
     */
    @Test
    void aBundleFunctionTaskFailsWithTheErrorTheDocsName() throws IOException {
        String docs = Files.readString(CliRun.EXAMPLES.resolveSibling("docs/cli.md")).replaceAll("\\s+", " ");
        java.util.regex.Matcher said = java.util.regex.Pattern.compile("\\(`sluice:function:NAME`, which `serve` and the cloud hosts run,"
                + " `exec` not\\) fails with `([A-Za-z.]+)`").matcher(docs);
        assertThat(said.find()).as("docs/cli.md says what exec answers for a sluice:function Task").isTrue();
        String def = write("fn.asl.json", """
                {"StartAt": "Shout", "States": {"Shout": {"Type": "Task", "Resource": "sluice:function:shout", "End": true}}}""");
        CliRun r = CliRun.of("exec", def);
        assertThat(r.exit()).isEqualTo(1);
        assertThat(Json.parse(r.out()).path("error").asText()).isEqualTo(said.group(1)).isEqualTo("States.Runtime");
        assertThat(Json.parse(r.out()).path("cause").asText()).contains("Task state 'Shout'").contains("function 'shout'").contains("--mocks");
    }

    @Test
    void mocksDriveLambdaTasksThroughRetriesToTheLoadedResult() {
        CliRun r = CliRun.of("exec", ORDERS, "--mocks", MOCKS, "--test-case", "FlakyThenLoaded", "--trace");
        assertThat(r.exit()).isZero();
        assertThat(Json.parse(r.out())).isEqualTo(Json.parse("{\"loaded\": 1200, \"table\": \"orders\"}"));
        assertThat(r.err()).contains("TASK_RETRY_SCHEDULED").contains("+6.000s");
    }

    @Test
    void mockedErrorsAreCaughtAsTheDefinitionSays() {
        CliRun r = CliRun.of("exec", ORDERS, "--mocks", MOCKS, "--test-case", "BadBatch");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(Json.parse(r.out())).isEqualTo(Json.parse(
                "{\"error\": \"Orders.Quarantined\", \"cause\": \"column order_total is missing\"}"));
    }

    @Test
    void aTaskWithoutAMockFailsNamingTheState() throws IOException {
        String mocks = write("partial.json", """
                {"StateMachines": {"orders": {"TestCases": {"OnlyExtract": {"Extract": "Ok"}}}},
                 "MockedResponses": {"Ok": {"0": {"Return": {"Payload": {"batch": "b", "rows": 1}}}}}}""");
        CliRun r = CliRun.of("exec", ORDERS, "--mocks", mocks, "--test-case", "OnlyExtract");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).contains("States.Runtime").contains("Task state 'Load' has no mocked response");

        CliRun noMocks = CliRun.of("exec", ORDERS);
        assertThat(noMocks.exit()).isEqualTo(1);
        assertThat(noMocks.out()).contains("Task state 'Extract'").contains("--mocks");
    }

    @Test
    void anUnknownTestCaseOrBrokenMockFileIsAnInputError() throws IOException {
        CliRun r = CliRun.of("exec", ORDERS, "--mocks", MOCKS, "--test-case", "Nope");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("no test case 'Nope'").contains("FlakyThenLoaded, BadBatch");

        String broken = write("broken-mocks.json", """
                {"StateMachines": {"m": {"TestCases": {"c": {"S": "Missing"}}}},
                 "MockedResponses": {"R": {"x": {"Return": 1}}}}""");
        CliRun b = CliRun.of("exec", ORDERS, "--mocks", broken, "--test-case", "c");
        assertThat(b.exit()).isEqualTo(2);
        assertThat(b.err()).contains("/MockedResponses/R/x: expected an invocation number")
                .contains("/StateMachines/m/TestCases/c/S: names mocked response 'Missing'");
    }

    @Test
    void anInvalidDefinitionExitsTwoWithItsProblems() throws IOException {
        String def = write("bad.asl.json", "{\"StartAt\": \"X\", \"States\": {}}");
        CliRun r = CliRun.of("exec", def);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).startsWith(def + ": /");
    }

    @Test
    void flagsAreChecked() {
        assertThat(CliRun.of("exec").err()).contains("Missing required parameter: 'DEFINITION'");
        assertThat(CliRun.of("exec", ORDERS, "--mocks", MOCKS).err()).contains("go together");
        assertThat(CliRun.of("exec", ORDERS, "--input").err()).contains("Missing required parameter for option '--input'");
        assertThat(CliRun.of("exec", ORDERS, "--bogus").exit()).isEqualTo(2);
        CliRun help = CliRun.of("exec", "--help");
        assertThat(help.exit()).isZero();
        assertThat(help.out()).contains("--mocks=FILE", "--test-case=NAME");
    }

    private String write(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p.toString();
    }
}
