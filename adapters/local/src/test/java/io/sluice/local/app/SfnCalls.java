package io.sluice.local.app;

import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.json.Json;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.sfn.SfnClient;
import software.amazon.awssdk.services.sfn.model.DescribeExecutionResponse;
import software.amazon.awssdk.services.sfn.model.ExecutionStatus;
import software.amazon.awssdk.services.sfn.model.GetExecutionHistoryResponse;
import software.amazon.awssdk.services.sfn.model.HistoryEvent;
import software.amazon.awssdk.services.sfn.model.HistoryEventType;

/** Calls the SDK tests make again and again: create a machine, wait for a run to end, read a history page by page, find the waiting token. */
final class SfnCalls {
    private SfnCalls() {}

    static String create(SfnClient sfn, String name, String definition) {
        return sfn.createStateMachine(b -> b.name(name).definition(definition).roleArn("arn:aws:iam::123456789012:role/runner"))
                .stateMachineArn();
    }

    static DescribeExecutionResponse finished(SfnClient sfn, String executionArn) {
        return await().atMost(Duration.ofSeconds(30)).until(() -> sfn.describeExecution(b -> b.executionArn(executionArn)),
                d -> d.status() != ExecutionStatus.RUNNING);
    }

    static List<HistoryEvent> history(SfnClient sfn, String executionArn) {
        List<HistoryEvent> all = new ArrayList<>();
        String token = null;
        do {
            String t = token;
            GetExecutionHistoryResponse page = sfn.getExecutionHistory(b -> b.executionArn(executionArn).maxResults(2).nextToken(t));
            all.addAll(page.events());
            token = page.nextToken();
        } while (token != null);
        return all;
    }

    /** The task token the execution waits for now, as the payload of its last TaskScheduled event shows it. */
    static String waitingToken(SfnClient sfn, String executionArn) {
        return await().atMost(Duration.ofSeconds(30)).until(() -> {
            List<HistoryEvent> events = sfn.getExecutionHistory(b -> b.executionArn(executionArn).reverseOrder(true)).events();
            for (HistoryEvent e : events) {
                if (e.type() == HistoryEventType.TASK_SCHEDULED) {
                    return Json.parse(e.taskScheduledEventDetails().parameters()).path("Payload").path("token").asText(null);
                }
            }
            return null;
        }, t -> t != null);
    }
}
