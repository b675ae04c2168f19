package io.sluice.azure.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.azure.invoke.LocalFunctionsHost;
import io.sluice.orchestration.json.Json;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The alert tiers on Azure, in process (http-api and the Storage Queue functions on Azurite, real Redis): a failed P2
 * execution's alert waits in the digest, and the {@code schedule-tick} timer function sends it (the test app's digest is
 * due at every tick). Alerts are read where the default sink writes them, the {@code io.sluice.alerts} log.
 */
class AzureAlertTiersTest {
    private final Logger alertLog = Logger.getLogger("io.sluice.alerts");
    private final List<JsonNode> alerts = new CopyOnWriteArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            alerts.add(Json.parse(record.getMessage()));
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    @BeforeEach
    void listen() {
        // The app first, and its http-api: each starts a Spring application on first use (the functions' context, then
        // the http-api's serverless web application), and each start's logging setup (JUL's readConfiguration) drops every
        // handler added before it. Started here, a capture added next hears the alerts whatever ran before in this JVM.
        AzureTestApp.host().invoke("http-api", AzureEntryPointsTest.get("/api/v1/executions/none:warm-up"));
        alertLog.addHandler(capture);
    }

    @AfterEach
    void stop() {
        alertLog.removeHandler(capture);
    }

    @Test
    void aFailedP2ExecutionIsAlertedInTheDigestTheScheduleTickSends() {
        LocalFunctionsHost host = AzureTestApp.host();
        JsonNode started = host.invoke("http-api", Json.parse("""
                {"method": "POST", "url": "http://localhost:7071/api/v1/pipelines/failing/executions",
                 "headers": {"Host": "localhost:7071", "Content-Type": "application/json"}, "body": {"name": "digested-1"}}"""));
        assertThat(started.path("status").asInt()).as(started.toString()).isBetween(200, 202);
        String id = started.path("body").path("executionId").asText();
        String incident = "[execution-failed:" + id + "]";

        // Until the events function has handled the failure: the execution has failed and its completion is consumed.
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50)).until(() -> {
            int delivered = host.pumpStorageQueues("storage-", Duration.ofSeconds(30));
            String status = host.invoke("http-api", AzureEntryPointsTest.get("/api/v1/executions/" + id)).path("body").path("status").asText();
            return status.equals("FAILED") && delivered == 0;
        });
        assertThat(alerts).as("a P2 failure does not alert on its own").noneMatch(a -> a.path("incidentKey").asText().contains(id));

        JsonNode tick = host.invoke("schedule-tick", Json.parse("{\"data\": {\"IsPastDue\": false}}"));
        assertThat(tick.path("result").asText()).contains("alerts=Report[", "digested=");
        assertThat(alerts).anySatisfy(digest -> {
            assertThat(digest.get("title").asText()).endsWith("alert(s) since the last digest");
            assertThat(digest.get("detail").asText()).contains("Pipeline 'failing' execution 'digested-1' FAILED: Feed.Missing", incident);
        });
    }
}
