package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.DescribeExecutionResponse;
import software.amazon.awssdk.services.sfn.model.ExecutionAlreadyExistsException;
import software.amazon.awssdk.services.sfn.model.ExecutionDoesNotExistException;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;
import software.amazon.awssdk.services.sfn.model.HistoryEvent;
import software.amazon.awssdk.services.sfn.model.HistoryEventType;
import software.amazon.awssdk.services.sfn.model.InvalidArnException;
import software.amazon.awssdk.services.sfn.model.InvalidDefinitionException;
import software.amazon.awssdk.services.sfn.model.InvalidTokenException;
import software.amazon.awssdk.services.sfn.model.StateMachineAlreadyExistsException;
import software.amazon.awssdk.services.sfn.model.StateMachineDoesNotExistException;
import software.amazon.awssdk.services.sfn.model.StateMachineListItem;
import software.amazon.awssdk.services.sfn.model.StateMachineType;
import software.amazon.awssdk.services.sfn.model.StateMachineTypeNotSupportedException;
import software.amazon.awssdk.services.sfn.model.SyncExecutionStatus;
import software.amazon.awssdk.services.sfn.model.TaskDoesNotExistException;
import software.amazon.awssdk.services.sfn.model.ValidateStateMachineDefinitionResultCode;

/**
 * The Step Functions API of the local runtime, driven by the AWS SDK for Java v2's {@code SfnClient} (a client nobody
 * here wrote) with an endpoint override, static dummy credentials and us-east-1, as a team's code would call it. The
 * runtime runs as {@code sluice serve} runs it, on the testkit's Redis under a key prefix of its own.
 */
class SfnSdkTest {
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    static final String ARN = "arn:aws:states:us-east-1:123456789012:";
    static final String GREET = """
            {"StartAt": "Hello", "States": {
              "Hello": {"Type": "Pass", "Parameters": {"greeting.$": "States.Format('hello {}', $.who)"}, "Next": "Echo"},
              "Echo": {"Type": "Task", "Resource": "arn:aws:lambda:us-east-1:123456789012:function:echo", "End": true}}}""";
    /** Waits for a callback; the token reaches the task in its payload, where GetExecutionHistory shows it. */
    static final String HOLD = """
            {"StartAt": "Approve", "States": {
              "Approve": {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke.waitForTaskToken",
                "Parameters": {"FunctionName": "wait-callback", "Payload": {"token.$": "$$.Task.Token", "order.$": "$.order"}},
                "End": true}}}""";

    @TempDir
    static Path folder;
    static ConfigurableApplicationContext app;
    static SfnClient sfn;

    @BeforeAll
    static void start() throws Exception {
        Files.createDirectories(folder.resolve("pipelines"));
        Files.writeString(folder.resolve("pipelines/filed.asl.json"), """
                {"StartAt": "Done", "States": {"Done": {"Type": "Succeed"}}}""");
        app = SfnApps.start(folder, RUN);
        sfn = SfnApps.client(app);
    }

    @AfterAll
    static void stop() {
        if (sfn != null) {
            sfn.close();
        }
        if (app != null) {
            app.close();
        }
        SfnApps.cleanUp(RUN);
    }

    @Test
    void aMachineCreatedThroughTheApiRunsAndShowsItsHistoryAsStepFunctionsDoes() {
        String machine = SfnCalls.create(sfn, "greet", GREET);
        assertThat(machine).isEqualTo(ARN + "stateMachine:greet");
        assertThat(SfnCalls.create(sfn, "greet", GREET)).as("creating the same machine again is idempotent").isEqualTo(machine);
        assertThatThrownBy(() -> SfnCalls.create(sfn, "greet", HOLD)).isInstanceOf(StateMachineAlreadyExistsException.class);
        assertThat(folder.resolve("pipelines/greet.asl.json")).as("a machine is a pipeline file").hasContent(GREET);

        var described = sfn.describeStateMachine(b -> b.stateMachineArn(machine));
        assertThat(described.name()).isEqualTo("greet");
        assertThat(described.definition()).isEqualTo(GREET);
        assertThat(described.type()).isEqualTo(StateMachineType.STANDARD);
        assertThat(described.roleArn()).isEqualTo("arn:aws:iam::123456789012:role/runner");
        assertThat(described.creationDate()).isNotNull();

        String run = sfn.startExecution(b -> b.stateMachineArn(machine).name("first").input("{\"who\": \"sdk\"}")).executionArn();
        assertThat(run).isEqualTo(ARN + "execution:greet:first");
        DescribeExecutionResponse done = SfnCalls.finished(sfn, run);
        assertThat(done.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(Json.parse(done.output()).path("greeting").asText()).isEqualTo("hello sdk");
        assertThat(Json.parse(done.input()).path("who").asText()).isEqualTo("sdk");
        assertThat(done.stateMachineArn()).isEqualTo(machine);
        assertThat(done.stopDate()).isAfterOrEqualTo(done.startDate());
        assertThatThrownBy(() -> sfn.startExecution(b -> b.stateMachineArn(machine).name("first").input("{\"who\": \"sdk\"}")))
                .as("a finished execution's name is taken").isInstanceOf(ExecutionAlreadyExistsException.class);

        List<HistoryEvent> events = SfnCalls.history(sfn, run);
        assertThat(events).extracting(HistoryEvent::type).containsExactly(HistoryEventType.EXECUTION_STARTED,
                HistoryEventType.PASS_STATE_ENTERED, HistoryEventType.PASS_STATE_EXITED, HistoryEventType.TASK_STATE_ENTERED,
                HistoryEventType.TASK_SCHEDULED, HistoryEventType.TASK_STARTED, HistoryEventType.TASK_SUCCEEDED,
                HistoryEventType.TASK_STATE_EXITED, HistoryEventType.EXECUTION_SUCCEEDED);
        for (int i = 0; i < events.size(); i++) {
            assertThat(events.get(i).id()).isEqualTo(i + 1);
            // The first state's entry follows nothing, as AWS recorded it (HistoryEventsTest cites the recording).
            assertThat(events.get(i).previousEventId()).isEqualTo(i == 1 ? 0 : i);
        }
        assertThat(Json.parse(events.get(0).executionStartedEventDetails().input()).path("who").asText()).isEqualTo("sdk");
        assertThat(events.get(1).stateEnteredEventDetails().name()).isEqualTo("Hello");
        assertThat(events.get(4).taskScheduledEventDetails().resourceType()).isEqualTo("lambda");
        assertThat(events.get(4).taskScheduledEventDetails().region()).isEqualTo("us-east-1");
        assertThat(Json.parse(events.get(8).executionSucceededEventDetails().output()).path("greeting").asText()).isEqualTo("hello sdk");
        List<HistoryEvent> reversed = sfn.getExecutionHistory(b -> b.executionArn(run).reverseOrder(true)).events();
        assertThat(reversed.get(0).type()).isEqualTo(HistoryEventType.EXECUTION_SUCCEEDED);
        assertThat(reversed.get(0).id()).isEqualTo(events.size());

        var forExecution = sfn.describeStateMachineForExecution(b -> b.executionArn(run));
        assertThat(forExecution.stateMachineArn()).isEqualTo(machine);
        assertThat(forExecution.definition()).isEqualTo(GREET);
    }

    @Test
    void startingARunningNameAgainIsIdempotentOnlyWithTheSameInputAndStopAborts() {
        String machine = SfnCalls.create(sfn, "hold-stop", HOLD);
        String run = sfn.startExecution(b -> b.stateMachineArn(machine).name("once").input("{\"order\": 1}")).executionArn();
        assertThat(sfn.startExecution(b -> b.stateMachineArn(machine).name("once").input("{\"order\": 1}")).executionArn()).isEqualTo(run);
        assertThatThrownBy(() -> sfn.startExecution(b -> b.stateMachineArn(machine).name("once").input("{\"order\": 2}")))
                .isInstanceOf(ExecutionAlreadyExistsException.class).hasMessageContaining("execution:hold-stop:once");

        var stopped = sfn.stopExecution(b -> b.executionArn(run).error("Ops.Cancelled").cause("by the test"));
        assertThat(stopped.stopDate()).isNotNull();
        DescribeExecutionResponse d = sfn.describeExecution(b -> b.executionArn(run));
        assertThat(d.status()).isEqualTo(ExecutionStatus.ABORTED);
        assertThat(d.error()).isEqualTo("Ops.Cancelled");
        assertThat(SfnCalls.history(sfn, run).getLast().type()).isEqualTo(HistoryEventType.EXECUTION_ABORTED);
    }

    @Test
    void aTaskTokenCompletesItsTaskOnceAndAFailureIsRedriven() {
        String machine = SfnCalls.create(sfn, "approve", HOLD);
        String run = sfn.startExecution(b -> b.stateMachineArn(machine).name("order-7").input("{\"order\": 7}")).executionArn();
        String token = SfnCalls.waitingToken(sfn, run);
        sfn.sendTaskHeartbeat(b -> b.taskToken(token));
        sfn.sendTaskFailure(b -> b.taskToken(token).error("Approval.Rejected").cause("not today"));
        DescribeExecutionResponse failed = SfnCalls.finished(sfn, run);
        assertThat(failed.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(failed.error()).isEqualTo("Approval.Rejected");
        assertThat(failed.cause()).isEqualTo("not today");
        assertThat(failed.redriveStatusAsString()).isEqualTo("REDRIVABLE");
        assertThatThrownBy(() -> sfn.sendTaskSuccess(b -> b.taskToken(token).output("{}")))
                .as("a token is used once").isInstanceOf(TaskDoesNotExistException.class);

        assertThat(sfn.redriveExecution(b -> b.executionArn(run)).redriveDate()).isNotNull();
        String second = SfnCalls.waitingToken(sfn, run);
        assertThat(second).isNotEqualTo(token);
        sfn.sendTaskSuccess(b -> b.taskToken(second).output("{\"approved\": true}"));
        DescribeExecutionResponse done = SfnCalls.finished(sfn, run);
        assertThat(done.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(Json.parse(done.output()).path("approved").asBoolean()).isTrue();
        assertThat(done.redriveCount()).isEqualTo(1);
        assertThat(SfnCalls.history(sfn, run)).extracting(HistoryEvent::type).contains(HistoryEventType.TASK_FAILED,
                HistoryEventType.EXECUTION_FAILED, HistoryEventType.EXECUTION_REDRIVEN, HistoryEventType.TASK_SUCCEEDED);

        assertThatThrownBy(() -> sfn.sendTaskSuccess(b -> b.taskToken("not-a-token").output("{}"))).isInstanceOf(InvalidTokenException.class);
    }

    @Test
    void listingsPageAndFilterAndPipelineFilesAreStateMachinesToo() {
        String machine = SfnCalls.create(sfn, "listed", GREET);
        for (int i = 0; i < 3; i++) {
            int n = i;
            SfnCalls.finished(sfn, sfn.startExecution(b -> b.stateMachineArn(machine).name("run-" + n).input("{\"who\": \"" + n + "\"}")).executionArn());
        }
        List<String> names = new ArrayList<>();
        String token = null;
        do {
            String t = token;
            var page = sfn.listExecutions(b -> b.stateMachineArn(machine).statusFilter(ExecutionStatus.SUCCEEDED).maxResults(2).nextToken(t));
            assertThat(page.executions()).hasSizeLessThanOrEqualTo(2);
            page.executions().forEach(e -> names.add(e.name()));
            token = page.nextToken();
        } while (token != null);
        assertThat(names).containsExactlyInAnyOrder("run-0", "run-1", "run-2");
        assertThat(sfn.listExecutions(b -> b.stateMachineArn(machine).statusFilter(ExecutionStatus.RUNNING)).executions()).isEmpty();

        List<StateMachineListItem> machines = new ArrayList<>();
        String mt = null;
        do {
            String t = mt;
            var page = sfn.listStateMachines(b -> b.maxResults(1).nextToken(t));
            machines.addAll(page.stateMachines());
            mt = page.nextToken();
        } while (mt != null);
        assertThat(machines).extracting(StateMachineListItem::name).contains("listed", "filed");
        assertThat(machines).filteredOn(m -> m.name().equals("filed")).singleElement()
                .satisfies(m -> assertThat(m.stateMachineArn()).isEqualTo(ARN + "stateMachine:filed"));
        String filedRun = sfn.startExecution(b -> b.stateMachineArn(ARN + "stateMachine:filed")).executionArn();
        assertThat(SfnCalls.finished(sfn, filedRun).status()).isEqualTo(ExecutionStatus.SUCCEEDED);
    }

    @Test
    void expressMachinesRunSynchronously() {
        String quick = sfn.createStateMachine(b -> b.name("quick").type(StateMachineType.EXPRESS).definition(GREET)
                .roleArn("arn:aws:iam::123456789012:role/runner")).stateMachineArn();
        var r = sfn.startSyncExecution(b -> b.stateMachineArn(quick).input("{\"who\": \"express\"}"));
        assertThat(r.status()).isEqualTo(SyncExecutionStatus.SUCCEEDED);
        assertThat(Json.parse(r.output()).path("greeting").asText()).isEqualTo("hello express");
        assertThat(r.executionArn()).startsWith(ARN + "express:quick:");
        assertThat(sfn.describeStateMachine(b -> b.stateMachineArn(quick)).type()).isEqualTo(StateMachineType.EXPRESS);

        String standard = SfnCalls.create(sfn, "not-express", GREET);
        assertThatThrownBy(() -> sfn.startSyncExecution(b -> b.stateMachineArn(standard)))
                .isInstanceOf(StateMachineTypeNotSupportedException.class);
    }

    @Test
    void updateValidateAndDelete() {
        String machine = SfnCalls.create(sfn, "changing", GREET);
        String next = "{\"StartAt\": \"Only\", \"States\": {\"Only\": {\"Type\": \"Pass\", \"Result\": {\"v\": 2}, \"End\": true}}}";
        assertThat(sfn.updateStateMachine(b -> b.stateMachineArn(machine).definition(next)).updateDate()).isNotNull();
        assertThat(sfn.describeStateMachine(b -> b.stateMachineArn(machine)).definition()).isEqualTo(next);
        assertThat(SfnCalls.finished(sfn, sfn.startExecution(b -> b.stateMachineArn(machine)).executionArn()).output()).isEqualTo("{\"v\":2}");

        String broken = "{\"StartAt\": \"First\", \"States\": {\"First\": {\"Type\": \"Pass\", \"Next\": \"Nowhere\"}}}";
        assertThatThrownBy(() -> sfn.updateStateMachine(b -> b.stateMachineArn(machine).definition(broken)))
                .isInstanceOf(InvalidDefinitionException.class).hasMessageContaining("/States/First/Next");
        assertThatThrownBy(() -> SfnCalls.create(sfn, "never", broken)).isInstanceOf(InvalidDefinitionException.class);
        assertThatThrownBy(() -> SfnCalls.create(sfn, "calls-nothing", GREET.replace("function:echo", "function:no-such-function")))
                .isInstanceOf(InvalidDefinitionException.class).hasMessageContaining("no-such-function");
        assertThat(folder.resolve("pipelines/never.asl.json")).doesNotExist();

        var validation = sfn.validateStateMachineDefinition(b -> b.definition(broken));
        assertThat(validation.result()).isEqualTo(ValidateStateMachineDefinitionResultCode.FAIL);
        assertThat(validation.diagnostics()).anySatisfy(d -> {
            assertThat(d.severityAsString()).isEqualTo("ERROR");
            assertThat(d.location()).isEqualTo("/States/First/Next");
            assertThat(d.message()).contains("Nowhere");
        });
        assertThat(sfn.validateStateMachineDefinition(b -> b.definition(GREET)).result()).isEqualTo(ValidateStateMachineDefinitionResultCode.OK);

        sfn.deleteStateMachine(b -> b.stateMachineArn(machine));
        assertThat(folder.resolve("pipelines/changing.asl.json")).doesNotExist();
        assertThatThrownBy(() -> sfn.describeStateMachine(b -> b.stateMachineArn(machine))).isInstanceOf(StateMachineDoesNotExistException.class);
    }

    @Test
    void errorsCarryTheServicesCodes() {
        assertThatThrownBy(() -> sfn.describeExecution(b -> b.executionArn(ARN + "execution:greet:never-ran")))
                .isInstanceOf(ExecutionDoesNotExistException.class);
        assertThatThrownBy(() -> sfn.describeStateMachine(b -> b.stateMachineArn(ARN + "stateMachine:no-such")))
                .isInstanceOf(StateMachineDoesNotExistException.class);
        assertThatThrownBy(() -> sfn.describeStateMachine(b -> b.stateMachineArn("orders"))).isInstanceOf(InvalidArnException.class)
                .satisfies(e -> assertThat(((InvalidArnException) e).statusCode()).isEqualTo(400));
        assertThatThrownBy(() -> sfn.describeExecution(b -> b.executionArn("arn:aws:states:eu-west-1:123456789012:execution:a:b")))
                .isInstanceOf(InvalidArnException.class).hasMessageContaining("us-east-1");
    }

    @Test
    void testStateRunsOneStateAndNamesWhereItWouldGo() {
        var pass = sfn.testState(b -> b.definition("""
                {"Type": "Pass", "Parameters": {"total.$": "States.MathAdd($.a, $.b)"}, "ResultPath": "$.sum", "Next": "Report"}""")
                .input("{\"a\": 2, \"b\": 3}").roleArn("arn:aws:iam::123456789012:role/runner"));
        assertThat(pass.statusAsString()).isEqualTo("SUCCEEDED");
        assertThat(pass.nextState()).isEqualTo("Report");
        assertThat(Json.parse(pass.output()).path("sum").path("total").asInt()).isEqualTo(5);
        assertThat(pass.inspectionData()).as("INFO shows no data flow").isNull();

        var choice = sfn.testState(b -> b.definition("""
                {"Type": "Choice", "Choices": [{"Variable": "$.n", "NumericGreaterThan": 10, "Next": "Big"}], "Default": "Small"}""")
                .input("{\"n\": 42}").roleArn("arn:aws:iam::123456789012:role/runner"));
        assertThat(choice.nextState()).isEqualTo("Big");

        var task = sfn.testState(b -> b.definition("""
                {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke", "Parameters": {"FunctionName": "fail",
                  "Payload": {"error": "Demo.Broken", "cause": "as asked"}},
                 "Catch": [{"ErrorEquals": ["Demo.Broken"], "ResultPath": "$.problem", "Next": "Recover"}], "Next": "Done"}""")
                .input("{}").inspectionLevel("DEBUG").roleArn("arn:aws:iam::123456789012:role/runner"));
        assertThat(task.statusAsString()).isEqualTo("CAUGHT_ERROR");
        assertThat(task.error()).isEqualTo("Demo.Broken");
        assertThat(task.nextState()).isEqualTo("Recover");
        assertThat(Json.parse(task.output()).path("problem").path("Error").asText()).isEqualTo("Demo.Broken");
        assertThat(Json.parse(task.inspectionData().afterParameters()).path("error").asText()).isEqualTo("Demo.Broken");

        var retriable = sfn.testState(b -> b.definition("""
                {"Type": "Task", "Resource": "arn:aws:states:::lambda:invoke", "Parameters": {"FunctionName": "fail", "Payload": {}},
                 "Retry": [{"ErrorEquals": ["States.ALL"], "MaxAttempts": 2}], "End": true}""")
                .roleArn("arn:aws:iam::123456789012:role/runner"));
        assertThat(retriable.statusAsString()).isEqualTo("RETRIABLE");
        assertThat(retriable.error()).isEqualTo("Demo.Failed");

        var fail = sfn.testState(b -> b.definition("{\"Type\": \"Fail\", \"Error\": \"Ops.Stop\", \"Cause\": \"no\"}")
                .roleArn("arn:aws:iam::123456789012:role/runner"));
        assertThat(fail.statusAsString()).isEqualTo("FAILED");
        assertThat(fail.error()).isEqualTo("Ops.Stop");
        // A state's own States.Runtime, without the "An error occurred while executing the state ..." an execution's
        // cause has: there is no execution (LocalStack's aws.validated test_state_context_object.snapshot.json).
        var missing = sfn.testState(b -> b.definition("{\"Type\": \"Pass\", \"InputPath\": \"$.nope\", \"End\": true}")
                .input("{}").roleArn("arn:aws:iam::123456789012:role/runner"));
        assertThat(missing.error()).isEqualTo("States.Runtime");
        assertThat(missing.cause()).isEqualTo("Invalid path '$.nope' : No results for path: $['nope']");
        assertThatThrownBy(() -> sfn.testState(b -> b.definition("{\"Type\": \"Pass\", \"Next\": 7}")
                .roleArn("arn:aws:iam::123456789012:role/runner"))).isInstanceOf(InvalidDefinitionException.class);
    }

    @Test
    void aStatesOwnFailureNamesTheEventItWasEnteredAtAcrossTheStore() {
        // AWS: "An error occurred while executing the state 'X' (entered at the event id #N). ..." (LocalStack's aws.validated
        // snapshots). The Task's result arrives as a second event, so the count lives through the store in between:
        // 1 ExecutionStarted, 2-3 Hello, 4 TaskStateEntered, 5 TaskScheduled, 6 TaskStarted, 7 TaskSucceeded,
        // 8 TaskStateExited, 9 Bad entered.
        String definition = GREET.replace("\"End\": true}}}", "\"Next\": \"Bad\"}, \"Bad\": {\"Type\": \"Pass\", \"InputPath\": \"$.nope\", \"End\": true}}}");
        String machine = sfn.createStateMachine(b -> b.name("located").definition(definition).roleArn("arn:aws:iam::123456789012:role/runner"))
                .stateMachineArn();
        var failed = SfnCalls.finished(sfn, sfn.startExecution(b -> b.stateMachineArn(machine).input("{\"who\": \"x\"}")).executionArn());
        assertThat(failed.error()).isEqualTo("States.Runtime");
        assertThat(failed.cause()).isEqualTo("An error occurred while executing the state 'Bad' (entered at the event id #9). "
                + "Invalid path '$.nope' : No results for path: $['nope']");
    }

    @Test
    void versionsAreSnapshotsAndAliasesRouteStartsBetweenThem() {
        String machine = sfn.createStateMachine(b -> b.name("versioned").definition(GREET).publish(true)
                .roleArn("arn:aws:iam::123456789012:role/runner")).stateMachineArn();
        String v1 = machine + ":1";
        String next = "{\"StartAt\": \"Only\", \"States\": {\"Only\": {\"Type\": \"Pass\", \"Result\": {\"v\": 2}, \"End\": true}}}";
        assertThat(sfn.updateStateMachine(b -> b.stateMachineArn(machine).definition(next).publish(true)).stateMachineVersionArn())
                .isEqualTo(machine + ":2");
        assertThat(sfn.publishStateMachineVersion(b -> b.stateMachineArn(machine)).stateMachineVersionArn())
                .as("publishing an unchanged definition again returns its version").isEqualTo(machine + ":2");
        assertThat(sfn.listStateMachineVersions(b -> b.stateMachineArn(machine)).stateMachineVersions())
                .extracting(v -> v.stateMachineVersionArn()).containsExactly(machine + ":2", v1);
        assertThat(sfn.describeStateMachine(b -> b.stateMachineArn(v1)).definition()).isEqualTo(GREET);

        String old = sfn.startExecution(b -> b.stateMachineArn(v1).input("{\"who\": \"v1\"}")).executionArn();
        assertThat(Json.parse(SfnCalls.finished(sfn, old).output()).path("greeting").asText()).as("version 1 runs, not the current definition")
                .isEqualTo("hello v1");
        assertThat(sfn.describeExecution(b -> b.executionArn(old)).stateMachineVersionArn()).isEqualTo(v1);
        // API reference, DescribeExecution: stateMachineAliasArn "If you start an execution from a StartExecution request with a
        // state machine version ARN, this field will be null"; stateMachineVersionArn null when the start named neither.
        assertThat(sfn.describeExecution(b -> b.executionArn(old)).stateMachineAliasArn()).isNull();
        assertThat(sfn.describeStateMachineForExecution(b -> b.executionArn(old)).definition()).as("the definition it ran")
                .isEqualTo(GREET);
        assertThat(SfnCalls.history(sfn, old)).extracting(HistoryEvent::type).contains(HistoryEventType.TASK_STATE_ENTERED);

        String alias = sfn.createStateMachineAlias(b -> b.name("live").routingConfiguration(r -> r.stateMachineVersionArn(v1).weight(100)))
                .stateMachineAliasArn();
        assertThat(alias).isEqualTo(machine + ":live");
        String throughAlias = sfn.startExecution(b -> b.stateMachineArn(alias).input("{\"who\": \"alias\"}")).executionArn();
        assertThat(Json.parse(SfnCalls.finished(sfn, throughAlias).output()).path("greeting").asText()).isEqualTo("hello alias");
        // API reference, DescribeExecution: the alias ARN "associated with the execution", and the version it chose.
        var described = sfn.describeExecution(b -> b.executionArn(throughAlias));
        assertThat(described.stateMachineAliasArn()).isEqualTo(alias);
        assertThat(described.stateMachineVersionArn()).isEqualTo(v1);
        String unqualified = sfn.startExecution(b -> b.stateMachineArn(machine).input("{\"who\": \"x\"}")).executionArn();
        SfnCalls.finished(sfn, unqualified);
        assertThat(sfn.describeExecution(b -> b.executionArn(unqualified)).stateMachineAliasArn()).isNull();
        // API reference, DescribeExecution, stateMachineVersionArn: "If you start an execution from a StartExecution request
        // without specifying a state machine version or alias ARN, Step Functions returns a null value", though the machine's
        // current definition is version 2's.
        assertThat(sfn.describeExecution(b -> b.executionArn(unqualified)).stateMachineVersionArn()).isNull();
        sfn.updateStateMachineAlias(b -> b.stateMachineAliasArn(alias).routingConfiguration(
                r -> r.stateMachineVersionArn(v1).weight(50), r -> r.stateMachineVersionArn(machine + ":2").weight(50)));
        assertThat(sfn.describeStateMachineAlias(b -> b.stateMachineAliasArn(alias)).routingConfiguration())
                .extracting(r -> r.stateMachineVersionArn() + "=" + r.weight()).containsExactly(v1 + "=50", machine + ":2=50");
        java.util.Set<String> outputs = new java.util.HashSet<>();
        for (int i = 0; i < 20; i++) {
            outputs.add(Json.parse(SfnCalls.finished(sfn, sfn.startExecution(b -> b.stateMachineArn(alias).input("{\"who\": \"w\"}")).executionArn())
                    .output()).has("v") ? "v2" : "v1");
        }
        assertThat(outputs).as("20 starts split 50/50 reach both versions (all on one: p = 2e-6)").containsExactlyInAnyOrder("v1", "v2");
        assertThatThrownBy(() -> sfn.updateStateMachineAlias(b -> b.stateMachineAliasArn(alias).routingConfiguration(
                r -> r.stateMachineVersionArn(v1).weight(60), r -> r.stateMachineVersionArn(machine + ":2").weight(60))))
                .isInstanceOf(software.amazon.awssdk.services.sfn.model.ValidationException.class).hasMessageContaining("100");
    }
}
