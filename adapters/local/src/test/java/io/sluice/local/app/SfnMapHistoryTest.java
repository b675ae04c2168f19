package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;
import software.amazon.awssdk.services.sfn.model.HistoryEvent;

/**
 * GetExecutionHistory of a nested inline Map through the AWS SDK, on the local host, against the history AWS recorded
 * for the same definition and input: LocalStack's {@code aws.validated} snapshot
 * https://github.com/localstack/localstack/blob/8b9a79f05846835cf4dff63ab7eefdde9df83783/tests/aws/services/stepfunctions/v2/scenarios/test_base_scenarios.snapshot.json
 * :: test_map_state_nested (recorded 29-03-2024; definition templates/scenarios/statemachines/map_state_nested.json5):
 * every event's type, id and previousEventId, and the SDK's reading of the Map's details.
 */
class SfnMapHistoryTest {
    static final String NESTED = """
            {"StartAt": "MapL1", "States": {"MapL1": {"Type": "Map", "MaxConcurrency": 1,
              "ItemProcessor": {"ProcessorConfig": {"Mode": "INLINE"}, "StartAt": "MapL2", "States": {
                "MapL2": {"Type": "Map", "MaxConcurrency": 1, "ItemProcessor": {"ProcessorConfig": {"Mode": "INLINE"},
                  "StartAt": "MapL2Pass", "States": {"MapL2Pass": {"Type": "Pass", "End": true}}}, "End": true}}},
              "End": true}}}""";

    /** AWS's history of it, as recorded: type, id and previousEventId. */
    static final List<String> RECORDED = List.of("ExecutionStarted 1<0", "MapStateEntered 2<0", "MapStateStarted 3<2", "MapIterationStarted 4<3",
            "MapStateEntered 5<4", "MapStateStarted 6<5", "MapIterationStarted 7<6", "PassStateEntered 8<7", "PassStateExited 9<8",
            "MapIterationSucceeded 10<9", "MapIterationStarted 11<9", "PassStateEntered 12<11", "PassStateExited 13<12",
            "MapIterationSucceeded 14<13", "MapIterationStarted 15<13", "PassStateEntered 16<15", "PassStateExited 17<16",
            "MapIterationSucceeded 18<17", "MapStateSucceeded 19<18", "MapStateExited 20<18", "MapIterationSucceeded 21<20",
            "MapIterationStarted 22<20", "MapStateEntered 23<22", "MapStateStarted 24<23", "MapIterationStarted 25<24",
            "PassStateEntered 26<25", "PassStateExited 27<26", "MapIterationSucceeded 28<27", "MapIterationStarted 29<27",
            "PassStateEntered 30<29", "PassStateExited 31<30", "MapIterationSucceeded 32<31", "MapIterationStarted 33<31",
            "PassStateEntered 34<33", "PassStateExited 35<34", "MapIterationSucceeded 36<35", "MapStateSucceeded 37<36",
            "MapStateExited 38<36", "MapIterationSucceeded 39<38", "MapStateSucceeded 40<39", "MapStateExited 41<39",
            "ExecutionSucceeded 42<41");

    @TempDir
    static Path folder;
    static SfnApps.Session session;
    static SfnClient sfn;

    @BeforeAll
    static void start() throws Exception {
        session = SfnApps.session(folder);
        sfn = session.sfn();
    }

    @AfterAll
    static void stop() {
        if (session != null) {
            session.close();
        }
    }

    @Test
    void aNestedMapsHistoryIsTheOneAwsRecorded() {
        String machine = sfn.createStateMachine(r -> r.name("nested-" + session.run()).definition(NESTED)
                .roleArn("arn:aws:iam::123456789012:role/x")).stateMachineArn();
        String run = sfn.startExecution(r -> r.stateMachineArn(machine).name("n").input("[[1, 2, 3], [4, 5, 6]]")).executionArn();
        assertThat(SfnCalls.finished(sfn, run).status()).isEqualTo(ExecutionStatus.SUCCEEDED);

        List<HistoryEvent> events = SfnCalls.history(sfn, run);
        assertThat(events).extracting(e -> e.typeAsString() + " " + e.id() + "<" + e.previousEventId()).containsExactlyElementsOf(RECORDED);
        assertThat(events.get(2).mapStateStartedEventDetails().length()).isEqualTo(2);
        assertThat(events.get(5).mapStateStartedEventDetails().length()).isEqualTo(3);
        assertThat(events.get(21).mapIterationStartedEventDetails().name()).isEqualTo("MapL1");
        assertThat(events.get(21).mapIterationStartedEventDetails().index()).isEqualTo(1);
        assertThat(events.get(35).mapIterationSucceededEventDetails().index()).isEqualTo(2);
    }
}
