package io.sluice.local.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.harness.TaskContext;
import io.sluice.functions.harness.TaskError;
import io.sluice.functions.messaging.OrchestratorMessage;
import io.sluice.functions.nested.StartExecution;
import io.sluice.functions.start.PipelineDefinitions;
import io.sluice.orchestration.definition.TaskResource.IntegrationPattern;
import io.sluice.orchestration.engine.Execution;
import io.sluice.orchestration.engine.ExecutionStatus;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.ExecutionLinks;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code states:startExecution} on the durable runtime over Redis: a child is an execution of its own,
 * the parent waits for {@code .sync} and {@code .sync:2} children by its task token and hears their end
 * from their completion events, as Step Functions reports it; a redelivered start starts no second child;
 * stopping the parent stops the child it waits for.
 */
class NestedExecutionsDurableTest {
    private static final Duration WITHIN = Duration.ofSeconds(30);
    private static final String ARN = "arn:aws:states:eu-west-1:123456789012:stateMachine:";

    @TempDir
    Path data;
    private ChildRunsStack stack;

    @BeforeEach
    void setUp() {
        stack = new ChildRunsStack(data, UnaryOperator.identity());
        stack.pipeline("child", """
                {"StartAt": "Shape", "States": {
                  "Shape": {"Type": "Pass", "Parameters": {"order.$": "$.order",
                            "context.$": "$$.Execution.Input"}, "Next": "Echo"},
                  "Echo": {"Type": "Task", "Resource": "sluice:function:echo", "End": true}}}""");
        stack.pipeline("broken", """
                {"StartAt": "No", "States": {"No": {"Type": "Fail", "Error": "Child.Broken", "Cause": "the child cannot"}}}""");
        stack.pipeline("waiting", """
                {"StartAt": "Hold", "States": {"Hold": {"Type": "Task", "Resource": "sluice:function:hold.waitForTaskToken", "End": true}}}""");
    }

    @AfterEach
    void tearDown() {
        stack.close();
    }

    @Test
    void syncAndSync2ReturnTheChildsDescriptionWithOutputAsTextAndAsJson() {
        stack.pipeline("parent", """
                {"StartAt": "Json", "States": {
                  "Json": {"Type": "Task", "Resource": "arn:aws:states:::states:startExecution.sync:2",
                    "Parameters": {"StateMachineArn": "%schild", "Input": {"order.$": "$.order",
                      "AWS_STEP_FUNCTIONS_STARTED_BY_EXECUTION_ID.$": "$$.Execution.Id"}},
                    "ResultPath": "$.json", "Next": "Text"},
                  "Text": {"Type": "Task", "Resource": "arn:aws:states:::states:startExecution.sync",
                    "Parameters": {"StateMachineArn": "%schild", "Name": "text-child", "Input": "{\\"order\\": \\"o-2\\"}"},
                    "ResultPath": "$.text", "End": true}}}""".formatted(ARN, ARN));
        String parent = stack.start("parent", "p1", Json.parse("{\"order\": \"o-1\"}"));
        Execution done = stack.awaitEnd(parent, WITHIN);
        assertThat(done.status()).as("%s %s", done.error(), done.cause()).isEqualTo(ExecutionStatus.SUCCEEDED);

        JsonNode json = done.output().get("json");
        assertThat(json.get("Status").asText()).isEqualTo("SUCCEEDED");
        // As in Step Functions, the child sees the parent in its context object when the parent passes it in Input.
        assertThat(json.get("Output")).isEqualTo(Json.parse(
                "{\"order\": \"o-1\", \"context\": {\"order\": \"o-1\", \"AWS_STEP_FUNCTIONS_STARTED_BY_EXECUTION_ID\": \"parent:p1\"}}"));
        assertThat(json.get("Input").get("AWS_STEP_FUNCTIONS_STARTED_BY_EXECUTION_ID").asText()).isEqualTo("parent:p1");
        assertThat(json.get("StateMachineArn").asText()).isEqualTo(ARN + "child");
        assertThat(json.get("ExecutionArn").asText()).startsWith("arn:aws:states:eu-west-1:123456789012:execution:child:");
        assertThat(json.get("StartDate").isNumber()).isTrue();
        assertThat(json.get("StopDate").asLong()).isGreaterThanOrEqualTo(json.get("StartDate").asLong());

        JsonNode text = done.output().get("text");
        assertThat(text.get("Output").isTextual()).as("Output of .sync is JSON text").isTrue();
        assertThat(Json.parse(text.get("Output").asText())).isEqualTo(Json.parse("{\"order\": \"o-2\", \"context\": {\"order\": \"o-2\"}}"));
        assertThat(text.get("ExecutionArn").asText()).isEqualTo("arn:aws:states:eu-west-1:123456789012:execution:child:text-child");

        ExecutionLinks.Link link = stack.links.parentOf("child:text-child").orElseThrow();
        assertThat(link.parentExecutionId()).isEqualTo("parent:p1");
        assertThat(link.kind()).isEqualTo(ExecutionLinks.Kind.SYNC);
        assertThat(stack.links.childrenOf("parent:p1")).hasSize(2);
    }

    @Test
    void aFailedChildFailsTheTaskWithStatesTaskFailedAndItsDescriptionAsTheCause() {
        for (String resource : new String[] {"startExecution.sync", "startExecution.sync:2"}) {
            String id = "parent-" + resource.replace(':', '-');
            stack.pipeline(id, """
                    {"StartAt": "Run", "States": {
                      "Run": {"Type": "Task", "Resource": "arn:aws:states:::states:%s", "Parameters": {"StateMachineArn": "%sbroken"},
                        "Catch": [{"ErrorEquals": ["States.TaskFailed"], "ResultPath": "$.failure", "Next": "Caught"}], "End": true},
                      "Caught": {"Type": "Pass", "End": true}}}""".formatted(resource, ARN));
            Execution done = stack.awaitEnd(stack.start(id, "f1", Json.object()), WITHIN);
            assertThat(done.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
            JsonNode failure = done.output().get("failure");
            assertThat(failure.get("Error").asText()).isEqualTo("States.TaskFailed");
            JsonNode cause = Json.parse(failure.get("Cause").asText());
            assertThat(cause.get("Status").asText()).isEqualTo("FAILED");
            assertThat(cause.get("Error").asText()).isEqualTo("Child.Broken");
            assertThat(cause.get("Cause").asText()).isEqualTo("the child cannot");
            assertThat(cause.has("Output")).isFalse();
        }
    }

    @Test
    void requestResponseStartsOneChildHoweverOftenTheTaskIsDeliveredAndRefusesANameAnotherTaskUsed() {
        stack.pipeline("starter", """
                {"StartAt": "Go", "States": {"Go": {"Type": "Task", "Resource": "arn:aws:states:::states:startExecution",
                  "Parameters": {"StateMachineArn": "%schild", "Input": {"order": "o-9"}}, "End": true}}}""".formatted(ARN));
        Execution done = stack.awaitEnd(stack.start("starter", "s1", Json.object()), WITHIN);
        assertThat(done.output().fieldNames()).toIterable().containsExactlyInAnyOrder("ExecutionArn", "StartDate");
        String childName = done.output().get("ExecutionArn").asText().substring((ARN.replace("stateMachine", "execution") + "child:").length());
        assertThat(stack.awaitEnd("child:" + childName, WITHIN).status()).isEqualTo(ExecutionStatus.SUCCEEDED);

        // The same task delivered again (same token): the same child, nothing new started.
        StartExecution function = new StartExecution(PipelineDefinitions.of(id -> Optional.ofNullable(stack.pipelines.get(id))),
                (p, n, d, i) -> stack.runtime.start(p, n, d, i), stack.links,
                io.sluice.functions.tenancy.Tenancy.SINGLE, java.time.Clock.systemUTC(), Duration.ofDays(1));
        TaskContext task = new TaskContext("starter:s2.0.1.0.abc", "starter:s2", "Go", IntegrationPattern.REQUEST_RESPONSE, null,
                new io.sluice.functions.tenancy.Owner.Platform("starter", "starter:s2"))
                .withResource("arn:aws:states:::states:startExecution");
        JsonNode input = Json.parse("{\"StateMachineArn\": \"" + ARN + "child\", \"Name\": \"once\", \"Input\": {\"order\": \"o\"}}");
        JsonNode first = function.apply(input, task);
        JsonNode again = function.apply(input, task);
        assertThat(again).isEqualTo(first);
        assertThat(stack.executionsOf("child")).filteredOn(s -> s.name().equals("once")).hasSize(1);

        TaskContext other = new TaskContext("starter:s3.0.1.0.def", "starter:s3", "Go", IntegrationPattern.REQUEST_RESPONSE, null,
                new io.sluice.functions.tenancy.Owner.Platform("starter", "starter:s3"));
        assertThatThrownBy(() -> function.apply(input, other)).isInstanceOf(TaskError.class)
                .extracting(e -> ((TaskError) e).errorName()).isEqualTo(StartExecution.ALREADY_EXISTS);
        assertThatThrownBy(() -> function.apply(Json.parse("{\"StateMachineArn\": \"" + ARN + "nowhere\"}"), other))
                .isInstanceOf(TaskError.class).extracting(e -> ((TaskError) e).errorName()).isEqualTo(StartExecution.DOES_NOT_EXIST);
    }

    @Test
    void stoppingTheParentStopsTheSyncChildItWaitsFor() {
        stack.pipeline("boss", """
                {"StartAt": "Run", "States": {"Run": {"Type": "Task", "Resource": "arn:aws:states:::states:startExecution.sync:2",
                  "Parameters": {"StateMachineArn": "%swaiting", "Name": "held"}, "End": true}}}""".formatted(ARN));
        String parent = stack.start("boss", "b1", Json.object());
        await().atMost(WITHIN).until(() -> stack.execution("waiting:held").isPresent());
        stack.runtime.apply(new OrchestratorMessage.Stop(parent, null, "enough"));
        assertThat(stack.awaitEnd(parent, WITHIN).status()).isEqualTo(ExecutionStatus.ABORTED);
        Execution child = stack.awaitEnd("waiting:held", WITHIN);
        assertThat(child.status()).isEqualTo(ExecutionStatus.ABORTED);
        assertThat(child.cause()).contains("parent execution boss:b1 ended ABORTED");
    }
}
