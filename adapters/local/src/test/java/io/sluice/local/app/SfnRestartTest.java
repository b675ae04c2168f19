package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;
import software.amazon.awssdk.services.sfn.model.HistoryEventType;
import software.amazon.awssdk.services.sfn.model.StateMachineType;

/**
 * A machine created through the Step Functions API, and its executions, are there after a restart with the same ARNs:
 * the machine is a file of the pipelines folder (with its sidecar), the executions are the runtime's.
 */
class SfnRestartTest {
    static final String RUN = UUID.randomUUID().toString().substring(0, 8);

    @TempDir
    Path folder;

    @Test
    void machinesAndExecutionsKeepTheirArnsAcrossARestart() throws Exception {
        Files.createDirectories(folder.resolve("pipelines"));
        String machine;
        String execution;
        Instant created;
        try (ConfigurableApplicationContext app = SfnApps.start(folder, RUN); SfnClient sfn = SfnApps.client(app)) {
            machine = sfn.createStateMachine(b -> b.name("kept").type(StateMachineType.EXPRESS).definition(SfnSdkTest.HOLD)
                    .roleArn("arn:aws:iam::123456789012:role/kept").tags(t -> t.key("team").value("data"))).stateMachineArn();
            created = sfn.describeStateMachine(b -> b.stateMachineArn(machine)).creationDate();
            execution = sfn.startExecution(b -> b.stateMachineArn(machine).name("across").input("{\"order\": 1}")).executionArn();
            await().atMost(Duration.ofSeconds(30)).until(() -> sfn.getExecutionHistory(b -> b.executionArn(execution)).events().stream()
                    .anyMatch(e -> e.type() == HistoryEventType.TASK_SCHEDULED));
        }
        try (ConfigurableApplicationContext app = SfnApps.start(folder, RUN); SfnClient sfn = SfnApps.client(app)) {
            var described = sfn.describeStateMachine(b -> b.stateMachineArn(machine));
            assertThat(described.creationDate()).isEqualTo(created);
            assertThat(described.type()).isEqualTo(StateMachineType.EXPRESS);
            assertThat(described.roleArn()).isEqualTo("arn:aws:iam::123456789012:role/kept");
            assertThat(described.definition()).isEqualTo(SfnSdkTest.HOLD);
            assertThat(sfn.describeExecution(b -> b.executionArn(execution)).status()).isEqualTo(ExecutionStatus.RUNNING);
            assertThat(sfn.listTagsForResource(b -> b.resourceArn(machine)).tags()).singleElement()
                    .satisfies(t -> assertThat(t.key() + "=" + t.value()).isEqualTo("team=data"));
            sfn.tagResource(b -> b.resourceArn(machine).tags(t -> t.key("tier").value("gold"), t -> t.key("team").value("ops")));
            sfn.untagResource(b -> b.resourceArn(machine).tagKeys("tier"));
            assertThat(sfn.listTagsForResource(b -> b.resourceArn(machine)).tags()).singleElement()
                    .satisfies(t -> assertThat(t.key() + "=" + t.value()).isEqualTo("team=ops"));
            String parameters = sfn.getExecutionHistory(b -> b.executionArn(execution).reverseOrder(true)).events().stream()
                    .filter(e -> e.type() == HistoryEventType.TASK_SCHEDULED).findFirst().orElseThrow().taskScheduledEventDetails().parameters();
            String token = Json.parse(parameters).at("/Payload/token").asText();
            sfn.sendTaskSuccess(b -> b.taskToken(token).output("{\"after\": \"restart\"}"));
            await().atMost(Duration.ofSeconds(30)).until(() -> sfn.describeExecution(b -> b.executionArn(execution)).status(),
                    ExecutionStatus.SUCCEEDED::equals);
        } finally {
            SfnApps.cleanUp(RUN);
        }
    }
}
