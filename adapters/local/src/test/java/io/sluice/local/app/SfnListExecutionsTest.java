package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.CreateStateMachineResponse;
import software.amazon.awssdk.services.sfn.model.ExecutionListItem;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;
import software.amazon.awssdk.services.sfn.model.HistoryEventType;
import software.amazon.awssdk.services.sfn.model.SfnException;

/**
 * ListExecutions as the AWS Step Functions API reference describes it (API_ListExecutions): "Lists all executions of a
 * state machine or a Map Run"; {@code mapRunArn} returns "a list of all of the child workflow executions started by a
 * Map Run"; "you can specify either a mapRunArn or a stateMachineArn, but not both"; and a version ARN in
 * {@code stateMachineArn} returns the executions of that version. A distributed Map's children are therefore not among
 * the machine's own executions.
 */
class SfnListExecutionsTest {
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);
    static final String FAN_OUT = """
            {"StartAt": "Each", "States": {"Each": {"Type": "Map", "ItemsPath": "$.items",
              "ItemProcessor": {"ProcessorConfig": {"Mode": "DISTRIBUTED", "ExecutionType": "STANDARD"},
                "StartAt": "Echo", "States": {"Echo": {"Type": "Task", "Resource": "sluice:function:echo", "End": true}}},
              "End": true}}}""";

    @TempDir
    static Path folder;
    static ConfigurableApplicationContext app;
    static SfnClient sfn;

    @BeforeAll
    static void start() throws Exception {
        Files.createDirectories(folder.resolve("pipelines"));
        app = SfnApps.start(folder, RUN);
        sfn = SfnApps.client(app);
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
        SfnApps.cleanUp(RUN);
    }

    private static ExecutionStatus finished(String executionArn) {
        return await().atMost(Duration.ofSeconds(90)).until(() -> sfn.describeExecution(r -> r.executionArn(executionArn)).status(),
                s -> s != ExecutionStatus.RUNNING);
    }

    @Test
    void aDistributedMapSChildrenAreListedByTheirMapRunOnly() {
        String machine = sfn.createStateMachine(r -> r.name("fan-" + RUN).definition(FAN_OUT).roleArn("arn:aws:iam::123456789012:role/x"))
                .stateMachineArn();
        String parent = sfn.startExecution(r -> r.stateMachineArn(machine).name("parent").input("{\"items\": [1, 2, 3]}")).executionArn();
        assertThat(finished(parent)).isEqualTo(ExecutionStatus.SUCCEEDED);

        assertThat(sfn.listExecutions(r -> r.stateMachineArn(machine)).executions()).extracting(ExecutionListItem::executionArn)
                .containsExactly(parent);
        String mapRun = sfn.getExecutionHistory(r -> r.executionArn(parent)).events().stream()
                .filter(e -> e.type() == HistoryEventType.MAP_RUN_STARTED).findFirst().orElseThrow().mapRunStartedEventDetails().mapRunArn();
        // ListMapRuns (API reference, MapRunListItem): the execution's map runs with their map run's state machine <machine>/<label>.
        var listed = sfn.listMapRuns(r -> r.executionArn(parent)).mapRuns();
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).mapRunArn()).isEqualTo(mapRun).startsWith("arn:aws:states:us-east-1:123456789012:mapRun:fan-" + RUN + "/Each:");
        assertThat(listed.get(0).stateMachineArn()).isEqualTo(machine + "/Each");
        assertThat(listed.get(0).executionArn()).isEqualTo(parent);
        assertThat(listed.get(0).stopDate()).isNotNull().isAfterOrEqualTo(listed.get(0).startDate());
        // DescribeMapRun (API reference): status, start and stop, the limits, and item and execution counts by status.
        var described = sfn.describeMapRun(r -> r.mapRunArn(mapRun));
        assertThat(described.statusAsString()).isEqualTo("SUCCEEDED");
        assertThat(described.executionArn()).isEqualTo(parent);
        assertThat(described.executionCounts().succeeded()).isEqualTo(3);
        assertThat(described.executionCounts().total()).isEqualTo(3);
        assertThat(described.itemCounts().failed()).isZero();
        assertThatThrownBy(() -> sfn.describeMapRun(r -> r.mapRunArn(mapRun.replace(mapRun.substring(mapRun.length() - 12), "000000000000"))))
                .isInstanceOfSatisfying(SfnException.class, e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ResourceNotFound"));
        String runId = mapRun.substring(mapRun.lastIndexOf(':') + 1);
        assertThat(sfn.listExecutions(r -> r.mapRunArn(mapRun)).executions()).extracting(ExecutionListItem::name)
                .containsExactlyInAnyOrder(runId + ":0", runId + ":1", runId + ":2");
        assertThat(sfn.listExecutions(r -> r.mapRunArn(mapRun).maxResults(2)).executions()).hasSize(2);

        assertThatThrownBy(() -> sfn.listExecutions(r -> r.mapRunArn(mapRun).stateMachineArn(machine)))
                .isInstanceOfSatisfying(SfnException.class, e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException"));
        assertThatThrownBy(() -> sfn.listExecutions(r -> r.mapRunArn(machine)))
                .isInstanceOfSatisfying(SfnException.class, e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidArn"));
    }

    @Test
    void aVersionArnListsThatVersionSRunsOnly() {
        CreateStateMachineResponse created = sfn.createStateMachine(r -> r.name("versioned-" + RUN).publish(true)
                .definition("{\"StartAt\": \"P\", \"States\": {\"P\": {\"Type\": \"Pass\", \"Result\": 1, \"End\": true}}}")
                .roleArn("arn:aws:iam::123456789012:role/x"));
        String v1 = created.stateMachineVersionArn();
        String first = sfn.startExecution(r -> r.stateMachineArn(v1).name("on-v1")).executionArn();
        sfn.updateStateMachine(r -> r.stateMachineArn(created.stateMachineArn())
                .definition("{\"StartAt\": \"P\", \"States\": {\"P\": {\"Type\": \"Pass\", \"Result\": 2, \"End\": true}}}"));
        String second = sfn.startExecution(r -> r.stateMachineArn(created.stateMachineArn()).name("latest")).executionArn();
        finished(first);
        finished(second);

        assertThat(sfn.listExecutions(r -> r.stateMachineArn(v1)).executions()).extracting(ExecutionListItem::executionArn)
                .containsExactly(first);
        assertThat(sfn.listExecutions(r -> r.stateMachineArn(created.stateMachineArn())).executions())
                .extracting(ExecutionListItem::executionArn).containsExactlyInAnyOrder(first, second);
    }

    /**
     * DeleteStateMachineAlias and DeleteStateMachineVersion (API reference): "You can't delete a state machine version
     * currently referenced by one or more aliases"; deleting an alias leaves its versions; after a version is deleted
     * "you can't call StartExecution using that version's ARN". RedriveExecution then DescribeExecution's redriveDate.
     */
    @Test
    void versionsAndAliasesAreDeletedAsTheServiceDeletesThem() {
        CreateStateMachineResponse created = sfn.createStateMachine(r -> r.name("deleted-" + RUN).publish(true)
                .definition("{\"StartAt\": \"P\", \"States\": {\"P\": {\"Type\": \"Pass\", \"End\": true}}}")
                .roleArn("arn:aws:iam::123456789012:role/x"));
        String v1 = created.stateMachineVersionArn();
        String alias = sfn.createStateMachineAlias(r -> r.name("live").routingConfiguration(c -> c.stateMachineVersionArn(v1).weight(100)))
                .stateMachineAliasArn();
        assertThatThrownBy(() -> sfn.deleteStateMachineVersion(r -> r.stateMachineVersionArn(v1)))
                .isInstanceOfSatisfying(SfnException.class, e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ConflictException"));
        sfn.deleteStateMachineAlias(r -> r.stateMachineAliasArn(alias));
        assertThat(sfn.listStateMachineAliases(r -> r.stateMachineArn(created.stateMachineArn())).stateMachineAliases()).isEmpty();
        assertThatThrownBy(() -> sfn.deleteStateMachineAlias(r -> r.stateMachineAliasArn(alias)))
                .isInstanceOfSatisfying(SfnException.class, e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ResourceNotFound"));
        sfn.deleteStateMachineVersion(r -> r.stateMachineVersionArn(v1));
        sfn.deleteStateMachineVersion(r -> r.stateMachineVersionArn(v1));
        assertThat(sfn.listStateMachineVersions(r -> r.stateMachineArn(created.stateMachineArn())).stateMachineVersions()).isEmpty();
        assertThatThrownBy(() -> sfn.startExecution(r -> r.stateMachineArn(v1)))
                .isInstanceOfSatisfying(SfnException.class, e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ResourceNotFound"));
        // A deleted version's number is not given again.
        sfn.updateStateMachine(r -> r.stateMachineArn(created.stateMachineArn()).publish(true)
                .definition("{\"StartAt\": \"P\", \"States\": {\"P\": {\"Type\": \"Pass\", \"Result\": 2, \"End\": true}}}"));
        assertThat(sfn.listStateMachineVersions(r -> r.stateMachineArn(created.stateMachineArn())).stateMachineVersions())
                .extracting(v -> v.stateMachineVersionArn()).containsExactly(created.stateMachineArn() + ":2");
    }

    @Test
    void aRedrivenExecutionHasItsRedriveDate() {
        String machine = sfn.createStateMachine(r -> r.name("redriven-" + RUN).roleArn("arn:aws:iam::123456789012:role/x")
                .definition("{\"StartAt\": \"F\", \"States\": {\"F\": {\"Type\": \"Task\", \"Resource\": \"sluice:function:fail\", \"End\": true}}}"))
                .stateMachineArn();
        String run = sfn.startExecution(r -> r.stateMachineArn(machine).name("once")).executionArn();
        assertThat(finished(run)).isEqualTo(ExecutionStatus.FAILED);
        var before = sfn.describeExecution(r -> r.executionArn(run));
        assertThat(before.redriveDate()).isNull();
        assertThat(sfn.redriveExecution(r -> r.executionArn(run)).redriveDate()).isNotNull();
        assertThat(finished(run)).isEqualTo(ExecutionStatus.FAILED);
        var after = sfn.describeExecution(r -> r.executionArn(run));
        assertThat(after.redriveCount()).isEqualTo(1);
        // Ordered between the first stop and the stop after the redrive, as the history records them.
        assertThat(after.redriveDate()).isNotNull().isAfterOrEqualTo(before.stopDate()).isBeforeOrEqualTo(after.stopDate());
    }

    /**
     * ListExecutions pages by the store's cursor over more executions than a page, while others start: each execution
     * there was before the first page is listed once, none twice. A token of another listing (another statusFilter) or
     * an edited one answers InvalidToken, HTTP 400 (API reference, ListExecutions nextToken: "Using an expired pagination
     * token will return an HTTP 400 InvalidToken error").
     */
    @Test
    void pagesGoOnByCursorWhileRunsStartAndAForeignOrEditedTokenIsInvalid() throws Exception {
        String machine = sfn.createStateMachine(r -> r.name("paged-" + RUN).roleArn("arn:aws:iam::123456789012:role/x")
                .definition("{\"StartAt\": \"P\", \"States\": {\"P\": {\"Type\": \"Pass\", \"End\": true}}}")).stateMachineArn();
        java.util.List<String> before = new java.util.ArrayList<>();
        for (int i = 0; i < 30; i++) {
            String name = "before-" + i;
            before.add(sfn.startExecution(r -> r.stateMachineArn(machine).name(name)).executionArn());
        }
        java.util.concurrent.atomic.AtomicBoolean paging = new java.util.concurrent.atomic.AtomicBoolean(true);
        java.util.concurrent.atomic.AtomicInteger startedMeanwhile = new java.util.concurrent.atomic.AtomicInteger();
        Thread starter = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < 40 && (paging.get() || i < 3); i++) {
                String name = "meanwhile-" + i;
                sfn.startExecution(r -> r.stateMachineArn(machine).name(name));
                startedMeanwhile.incrementAndGet();
            }
        });
        java.util.List<String> listed = new java.util.ArrayList<>();
        java.util.List<java.time.Instant> starts = new java.util.ArrayList<>();
        String token = null;
        String firstToken = null;
        do {
            String t = token;
            var page = sfn.listExecutions(r -> r.stateMachineArn(machine).maxResults(4).nextToken(t));
            assertThat(page.executions()).hasSizeLessThanOrEqualTo(4);
            page.executions().forEach(e -> listed.add(e.executionArn()));
            page.executions().forEach(e -> starts.add(e.startDate()));
            token = page.nextToken();
            firstToken = firstToken == null ? token : firstToken;
        } while (token != null);
        paging.set(false);
        starter.join();
        assertThat(startedMeanwhile.get()).isPositive();
        assertThat(listed).as("none twice").doesNotHaveDuplicates().containsAll(before);
        assertThat(starts).as("newest first").isSortedAccordingTo(java.util.Comparator.reverseOrder());

        String valid = firstToken;
        assertThatThrownBy(() -> sfn.listExecutions(r -> r.stateMachineArn(machine).statusFilter(ExecutionStatus.FAILED).nextToken(valid)))
                .isInstanceOf(software.amazon.awssdk.services.sfn.model.InvalidTokenException.class)
                .satisfies(e -> assertThat(((SfnException) e).statusCode()).isEqualTo(400));
        String edited = valid.substring(0, 5) + (valid.charAt(5) == 'A' ? 'B' : 'A') + valid.substring(6);
        assertThatThrownBy(() -> sfn.listExecutions(r -> r.stateMachineArn(machine).nextToken(edited)))
                .isInstanceOf(software.amazon.awssdk.services.sfn.model.InvalidTokenException.class);
    }
}
