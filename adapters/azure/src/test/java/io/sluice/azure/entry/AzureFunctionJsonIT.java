package io.sluice.azure.entry;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.azure.invoke.LocalFunctionsHost;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The deployment folder that {@code azure-functions-maven-plugin}'s {@code package} goal generated in the package
 * phase (so this is an IT): one {@code function.json} per {@code @FunctionName} method, with the trigger, queue and
 * connection each function must have, and the {@code host.json} whose retry and dequeue settings the Storage Queue
 * transport relies on.
 */
class AzureFunctionJsonIT {
    static final Path APP = Path.of("target/azure-functions/sluice-azure");
    static final String PREFIX = "%SLUICE_QUEUE_PREFIX%-";
    static final Set<String> TASKS = Set.of("read-config", "glue-launch", "copy-to-warehouse", "push-export", "write-status",
            "dependency-check", "integrations", "executions", "map-run");

    static JsonNode trigger(String function) throws IOException {
        JsonNode json = Json.parse(Files.readString(APP.resolve(function).resolve("function.json")));
        assertThat(APP.resolve(function).resolve(json.path("scriptFile").asText()).normalize()).as(function + " scriptFile").exists();
        return json.path("bindings").get(0);
    }

    @Test
    void thereIsOneFunctionFolderPerAnnotatedMethod() throws IOException {
        Set<String> folders = new TreeSet<>();
        try (Stream<Path> list = Files.list(APP)) {
            list.filter(p -> Files.exists(p.resolve("function.json"))).forEach(p -> folders.add(p.getFileName().toString()));
        }
        assertThat(folders).isEqualTo(LocalFunctionsHost.scan(LocalFunctionsHost.ENTRY_POINTS).keySet());
    }

    @Test
    void theOrchestratorQueueIsReadWithSessionsOnServiceBus() throws IOException {
        JsonNode t = trigger("orchestrator");
        assertThat(t.path("type").asText()).isEqualTo("serviceBusTrigger");
        assertThat(t.path("queueName").asText()).isEqualTo(PREFIX + "orchestrator");
        assertThat(t.path("isSessionsEnabled").asBoolean()).isTrue();
        assertThat(t.path("connection").asText()).isEqualTo("SluiceServiceBus");
        assertThat(trigger("events").path("isSessionsEnabled").asBoolean()).isFalse();
        assertThat(trigger("dlq-handler").path("queueName").asText()).isEqualTo(PREFIX + "dead-letters");
        assertThat(trigger("object-trigger-servicebus").path("queueName").asText()).isEqualTo(PREFIX + "object-created");
    }

    @Test
    void everyTaskQueueAndChannelHasItsServiceBusAndStorageTriggerAndAStorageDeadLetterTrigger() throws IOException {
        for (String task : TASKS) {
            JsonNode bus = trigger("task-" + task);
            assertThat(bus.path("type").asText()).isEqualTo("serviceBusTrigger");
            assertThat(bus.path("queueName").asText()).isEqualTo(PREFIX + "task-" + task);
            JsonNode storage = trigger("storage-task-" + task);
            assertThat(storage.path("type").asText()).isEqualTo("queueTrigger");
            assertThat(storage.path("queueName").asText()).isEqualTo(PREFIX + "task-" + task);
            assertThat(storage.path("connection").asText()).isEqualTo("SluiceStorage");
            assertThat(trigger("storage-dlq-task-" + task).path("queueName").asText()).isEqualTo(PREFIX + "task-" + task + "-dlq");
            for (String channel : Set.of("-p0", "-p1", "-p3")) {
                JsonNode onChannel = trigger("task-" + task + channel);
                assertThat(onChannel.path("type").asText()).isEqualTo("serviceBusTrigger");
                assertThat(onChannel.path("queueName").asText()).isEqualTo(PREFIX + "task-" + task + channel);
                assertThat(onChannel.path("connection").asText()).isEqualTo("SluiceServiceBus");
                assertThat(trigger("storage-task-" + task + channel).path("queueName").asText()).isEqualTo(PREFIX + "task-" + task + channel);
                assertThat(trigger("storage-dlq-task-" + task + channel).path("queueName").asText())
                        .isEqualTo(PREFIX + "task-" + task + channel + "-dlq");
            }
        }
        assertThat(trigger("storage-orchestrator").path("queueName").asText()).isEqualTo(PREFIX + "orchestrator");
        assertThat(trigger("storage-dlq-orchestrator").path("queueName").asText()).isEqualTo(PREFIX + "orchestrator-dlq");
    }

    @Test
    void httpEventGridAndTimerTriggers() throws IOException {
        JsonNode http = trigger("http-api");
        assertThat(http.path("type").asText()).isEqualTo("httpTrigger");
        assertThat(http.path("route").asText()).isEqualTo("{*path}");
        assertThat(http.path("authLevel").asText()).isEqualToIgnoringCase("anonymous");
        assertThat(http.path("methods").toString()).contains("GET", "POST");
        assertThat(trigger("object-trigger").path("type").asText()).isEqualTo("eventGridTrigger");
        JsonNode timer = trigger("schedule-tick");
        assertThat(timer.path("type").asText()).isEqualTo("timerTrigger");
        assertThat(timer.path("schedule").asText()).isEqualTo("0 * * * * *");
    }

    @Test
    void hostJsonRetriesAndLetsSluiceDeadLetterBeforeTheHostPoisons() throws IOException {
        JsonNode host = Json.parse(Files.readString(APP.resolve("host.json")));
        assertThat(host.path("extensions").path("http").path("routePrefix").asText()).isEqualTo(HttpApiFunction.ROUTE_PREFIX.substring(1));
        // StorageTaskQueue dead-letters after sluice.azure.storage.max-receives (5 by default); the host's poison queue must come later.
        assertThat(host.path("extensions").path("queues").path("maxDequeueCount").asInt()).isGreaterThan(5);
        assertThat(host.path("extensions").path("queues").path("messageEncoding").asText()).isEqualTo("base64");
        assertThat(host.path("retry").path("strategy").asText()).isEqualTo("exponentialBackoff");
        assertThat(host.path("retry").path("maxRetryCount").asInt()).isPositive();
    }
}
