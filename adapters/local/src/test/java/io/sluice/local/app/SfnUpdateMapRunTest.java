package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;
import software.amazon.awssdk.services.sfn.model.HistoryEvent;
import software.amazon.awssdk.services.sfn.model.HistoryEventType;
import software.amazon.awssdk.services.sfn.model.SfnException;

/**
 * UpdateMapRun as the AWS Step Functions API reference describes it (API_UpdateMapRun: "Updates an in-progress Map
 * Run's configuration to include changes to the settings that control maximum concurrency and Map Run failure";
 * maxConcurrency 0 or more, toleratedFailureCount 0 or more, toleratedFailurePercentage 0 to 100; an empty answer;
 * InvalidArn, ResourceNotFound, ValidationException), on the local host with its map runs in Redis: the change takes
 * effect within the call (the run's coordinator steps before the answer), and DescribeMapRun shows it.
 */
class SfnUpdateMapRunTest {
    /** One child at a time, no failure tolerated: item 0 waits, then items 1 and 2 fail. */
    static final String FAILING = """
            {"StartAt": "Each", "States": {"Each": {"Type": "Map", "ItemsPath": "$.items", "MaxConcurrency": 1,
              "ItemProcessor": {"ProcessorConfig": {"Mode": "DISTRIBUTED", "ExecutionType": "STANDARD"},
                "StartAt": "Which", "States": {
                  "Which": {"Type": "Choice", "Choices": [{"Variable": "$.fail", "BooleanEquals": true, "Next": "Fail"}],
                            "Default": "Hold"},
                  "Hold": {"Type": "Wait", "Seconds": 10, "End": true},
                  "Fail": {"Type": "Fail", "Error": "Item.Failed", "Cause": "as the item asks"}}},
              "End": true}}}""";

    @TempDir
    static Path folder;
    static SfnApps.Session session;
    static SfnClient sfn;
    static String run;

    @BeforeAll
    static void start() throws Exception {
        session = SfnApps.session(folder);
        sfn = session.sfn();
        run = session.run();
    }

    @AfterAll
    static void stop() {
        if (session != null) {
            session.close();
        }
    }

    @Test
    void aRunningMapRunTakesNewLimitsWithinTheCall() {
        String machine = sfn.createStateMachine(r -> r.name("update-" + run).definition(FAILING).roleArn("arn:aws:iam::123456789012:role/x"))
                .stateMachineArn();
        String parent = sfn.startExecution(r -> r.stateMachineArn(machine).name("tolerant")
                .input("{\"items\": [{\"fail\": false}, {\"fail\": true}, {\"fail\": true}]}")).executionArn();
        String mapRun = await().atMost(Duration.ofSeconds(30)).until(() -> sfn.getExecutionHistory(r -> r.executionArn(parent)).events().stream()
                .filter(e -> e.type() == HistoryEventType.MAP_RUN_STARTED).findFirst().map(HistoryEvent::mapRunStartedEventDetails)
                .map(d -> d.mapRunArn()).orElse(null), arn -> arn != null);

        // Counted from the run's record in the map-run store, not by listing executions: while item 0 waits (MaxConcurrency 1),
        // items 1 and 2 are pending, children not started yet (API reference, MapRunExecutionCounts: pending).
        var counts = await().atMost(Duration.ofSeconds(5)).until(() -> sfn.describeMapRun(r -> r.mapRunArn(mapRun)).executionCounts(),
                c -> c.total() == 3);
        assertThat(List.of(counts.pending(), counts.running(), counts.succeeded(), counts.failed())).containsExactly(2L, 1L, 0L, 0L);

        // While item 0 waits, two failures become tolerable; without the change the run would fail at the first.
        sfn.updateMapRun(r -> r.mapRunArn(mapRun).toleratedFailureCount(2L).maxConcurrency(2));
        var described = sfn.describeMapRun(r -> r.mapRunArn(mapRun));
        assertThat(described.toleratedFailureCount()).isEqualTo(2L);
        assertThat(described.maxConcurrency()).isEqualTo(2);
        // Within the call: the raised MaxConcurrency has started item 1 before the answer, while item 0 still waits its
        // 10 s (without the coordinator's step in the call, both would stay pending until item 0 ends).
        assertThat(described.executionCounts().pending()).isLessThanOrEqualTo(1L);

        assertThat(await().atMost(Duration.ofSeconds(90)).until(() -> sfn.describeExecution(r -> r.executionArn(parent)).status(),
                s -> s != ExecutionStatus.RUNNING)).isEqualTo(ExecutionStatus.SUCCEEDED);
        var ended = sfn.describeMapRun(r -> r.mapRunArn(mapRun));
        assertThat(ended.statusAsString()).isEqualTo("SUCCEEDED");
        assertThat(ended.executionCounts().failed()).isEqualTo(2);
        // The reference speaks of an in-progress run only; an ended one is refused here (the team's choice).
        assertThatThrownBy(() -> sfn.updateMapRun(r -> r.mapRunArn(mapRun).maxConcurrency(5)))
                .isInstanceOfSatisfying(SfnException.class, e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException"));
    }

    @Test
    void valuesOutOfTheReferencesRangesAndUnknownRunsAreRefused() {
        String arn = "arn:aws:states:us-east-1:123456789012:mapRun:update-" + run + "/Each:" + UUID.randomUUID();
        assertThatThrownBy(() -> sfn.updateMapRun(r -> r.mapRunArn(arn).maxConcurrency(-1)))
                .isInstanceOfSatisfying(SfnException.class, e -> {
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
                    assertThat(e.awsErrorDetails().errorMessage()).contains("maxConcurrency");
                });
        assertThatThrownBy(() -> sfn.updateMapRun(r -> r.mapRunArn(arn).toleratedFailurePercentage(100.5f)))
                .isInstanceOfSatisfying(SfnException.class, e -> assertThat(e.awsErrorDetails().errorMessage()).contains("toleratedFailurePercentage"));
        assertThatThrownBy(() -> sfn.updateMapRun(r -> r.mapRunArn(arn).maxConcurrency(3)))
                .isInstanceOfSatisfying(SfnException.class, e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ResourceNotFound"));
        assertThatThrownBy(() -> sfn.updateMapRun(r -> r.mapRunArn("arn:aws:states:us-east-1:123456789012:stateMachine:x").maxConcurrency(3)))
                .isInstanceOfSatisfying(SfnException.class, e -> assertThat(e.awsErrorDetails().errorCode()).isEqualTo("InvalidArn"));
    }
}
