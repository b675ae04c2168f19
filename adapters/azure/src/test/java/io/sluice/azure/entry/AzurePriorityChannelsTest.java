package io.sluice.azure.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueMessageEncoding;
import com.azure.storage.queue.QueueServiceClientBuilder;
import com.azure.storage.queue.models.PeekedMessageItem;
import com.fasterxml.jackson.databind.JsonNode;
import com.microsoft.azure.functions.annotation.FunctionName;
import com.microsoft.azure.functions.annotation.QueueTrigger;
import com.microsoft.azure.functions.annotation.ServiceBusQueueTrigger;
import io.sluice.azure.invoke.LocalFunctionsHost;
import io.sluice.orchestration.json.Json;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Priority channels on Azure. An execution runs on its pipeline's channel: {@code urgent} declares P0, so its task
 * goes to {@code <prefix>-task-integrations-p0} and is consumed by that channel's trigger. The Storage Queue
 * transport runs for real (Azurite, through {@link LocalFunctionsHost} as the other entry-point tests); Service Bus
 * cannot run here, so its channel triggers are called in process as the Functions host would call them, and what
 * they do on their channel is observed on the Storage Queues the app's transport uses.
 */
class AzurePriorityChannelsTest {
    private static final String TASKS = AzureFunctionJsonIT.PREFIX + "task-";

    @Test
    void everyChannelTriggerReadsTheQueueItIsNamedFor() {
        Map<String, Method> functions = LocalFunctionsHost.scan(List.of(ServiceBusChannelFunctions.class, StorageChannelFunctions.class,
                StorageChannelDeadLetterFunctions.class));
        assertThat(functions).hasSize(3 * 3 * AzureFunctionJsonIT.TASKS.size());
        for (String task : AzureFunctionJsonIT.TASKS) {
            for (String channel : List.of("-p0", "-p1", "-p3")) {
                assertThat(queueOf(functions.get("task-" + task + channel))).isEqualTo(TASKS + task + channel);
                assertThat(queueOf(functions.get("storage-task-" + task + channel))).isEqualTo(TASKS + task + channel);
                assertThat(queueOf(functions.get("storage-dlq-task-" + task + channel))).isEqualTo(TASKS + task + channel + "-dlq");
            }
        }
    }

    @Test
    void aP0PipelinesTaskGoesThroughTheP0QueueAndItsTrigger() {
        LocalFunctionsHost host = AzureTestApp.host();
        String id = start(host, "urgent", "urgent-1");
        QueueClient p0 = queue("task-integrations-p0");
        QueueClient p2 = queue("task-integrations");

        // Only the orchestrator's queue is pumped until the task is dispatched: it waits on the P0 channel, not on P2's queue.
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() -> {
            host.pumpStorageQueues("storage-orchestrator", Duration.ofSeconds(30));
            return peek(p0).stream().anyMatch(m -> m.getBody().toString().contains(id));
        });
        assertThat(peek(p2)).noneMatch(m -> m.getBody().toString().contains(id));

        JsonNode finished = await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
            host.pumpStorageQueues("storage-", Duration.ofSeconds(30));
            return host.invoke("http-api", AzureEntryPointsTest.get("/api/v1/executions/" + id)).path("body");
        }, d -> !d.path("status").asText().equals("RUNNING"));
        assertThat(finished.path("status").asText()).as(finished.toString()).isEqualTo("SUCCEEDED");
        assertThat(finished.path("output").path("saved").has("ETag")).as(finished.toString()).isTrue();
    }

    @Test
    void aServiceBusChannelTriggerTellsTheWorkerItsChannel() {
        LocalFunctionsHost host = AzureTestApp.host();
        // A task message of a version the worker cannot read goes to the dead-letter queue of the channel it came from.
        String unreadable = "{\"v\": 99, \"marker\": \"channel-p1\"}";
        host.invoke("task-read-config-p1", Json.object().put("data", unreadable).set("metadata", Json.object().put("MessageId", "m-p1")));
        host.invoke("task-read-config", Json.object().put("data", "{\"v\": 99, \"marker\": \"channel-p2\"}")
                .set("metadata", Json.object().put("MessageId", "m-p2")));

        assertThat(peek(queue("task-read-config-p1-dlq"))).anyMatch(m -> m.getBody().toString().contains("channel-p1"))
                .noneMatch(m -> m.getBody().toString().contains("channel-p2"));
        assertThat(peek(queue("task-read-config-dlq"))).anyMatch(m -> m.getBody().toString().contains("channel-p2"))
                .noneMatch(m -> m.getBody().toString().contains("channel-p1"));

        // The channel's dead-letter trigger takes it from there (the Storage Queue transport's dlq-handler).
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() -> {
            host.pumpStorageQueues("storage-dlq-task-read-config", Duration.ofSeconds(30));
            return peek(queue("task-read-config-p1-dlq")).stream().noneMatch(m -> m.getBody().toString().contains("channel-p1"));
        });
    }

    private static String start(LocalFunctionsHost host, String pipeline, String name) {
        JsonNode started = host.invoke("http-api", Json.parse("""
                {"method": "POST", "url": "http://localhost:7071/api/v1/pipelines/%s/executions",
                 "headers": {"Host": "localhost:7071", "Content-Type": "application/json"}, "body": {"name": "%s"}}"""
                .formatted(pipeline, name)));
        assertThat(started.path("status").asInt()).as(started.toString()).isBetween(200, 202);
        return started.path("body").path("executionId").asText();
    }

    private static QueueClient queue(String suffix) {
        QueueClient q = new QueueServiceClientBuilder().connectionString(AzureTestApp.connectionString())
                .messageEncoding(QueueMessageEncoding.BASE64).buildClient()
                .getQueueClient(AzureTestApp.prefix() + "-" + suffix);
        q.createIfNotExists();
        return q;
    }

    private static List<PeekedMessageItem> peek(QueueClient q) {
        return q.peekMessages(32, null, null).stream().toList();
    }

    private static String queueOf(Method m) {
        assertThat(m).isNotNull();
        for (Parameter p : m.getParameters()) {
            if (p.getAnnotation(ServiceBusQueueTrigger.class) != null) {
                return p.getAnnotation(ServiceBusQueueTrigger.class).queueName();
            }
            if (p.getAnnotation(QueueTrigger.class) != null) {
                return p.getAnnotation(QueueTrigger.class).queueName();
            }
        }
        throw new AssertionError(m.getAnnotation(FunctionName.class).value() + " has no queue trigger");
    }
}
