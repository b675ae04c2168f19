package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.testkit.prometheus.PrometheusServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /metrics} of a running {@code serve} (the local app on the testkit's Redis), scraped by a real Prometheus
 * server ({@link PrometheusServer}: Debian's {@code prometheus}, on loopback, started and stopped by this test): after
 * one run that succeeds and one that fails, PromQL over Prometheus' HTTP API sees the failed run with its pipeline's
 * tags, and the API's own requests by route. The scrape is skipped without the binary on a laptop (what {@code /metrics}
 * serves is checked first, with or without it); it fails without it under CI.
 */
class PrometheusScrapeTest extends LocalAppTest {
    @org.springframework.beans.factory.annotation.Autowired
    io.sluice.local.http.LocalSfnApi.Endpoint endpoint;

    @Test
    void prometheusScrapesServeAndPromQlSeesTheFailedRun() throws Exception {
        String ok = http().post("/v1/pipelines/shout/executions", "{\"input\": {\"text\": \"m\"}}").body().get("executionId").asText();
        // A run that fails: the waits pipeline's task waits for a callback, and the callback says it failed.
        String bad = http().post("/v1/pipelines/waits/executions", "{}").body().get("executionId").asText();
        String token = await().atMost(Duration.ofSeconds(30)).until(() -> {
            for (JsonNode e : http().get("/v1/executions/" + bad + "/history").body().get("events")) {
                if (e.path("type").asText().equals("TASK_SCHEDULED")) {
                    return e.get("detail").get("token").asText();
                }
            }
            return null;
        }, t -> t != null);
        assertThat(http().post("/v1/tasks/" + token + "/failure", "{\"error\": \"Metrics.Failed\"}").status()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(30)).until(() -> http().get("/v1/executions/" + ok).body().get("status").asText(), "SUCCEEDED"::equals);
        await().atMost(Duration.ofSeconds(30)).until(() -> http().get("/v1/executions/" + bad).body().get("status").asText(), "FAILED"::equals);

        // One Step Functions API call: timed beside the HTTP API's requests, its route the operation.
        String sfn = endpoint.url().orElseThrow();
        HttpResponse<String> listed = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(sfn + "/"))
                .header("X-Amz-Target", "AWSStepFunctions.ListStateMachines").header("Content-Type", "application/x-amz-json-1.0")
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(listed.statusCode()).as(listed.body()).isEqualTo(200);

        HttpResponse<String> metrics = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url() + "/metrics")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(metrics.statusCode()).isEqualTo(200);
        assertThat(metrics.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain").contains("version=0.0.4");
        assertThat(metrics.body()).contains("sluice_executions_ended_total{", "sluice_task_duration_seconds_count{",
                "sluice_task_dispatch_latency_seconds_bucket{");
        assertThat(metrics.body()).as("the Step Functions API's requests, by operation")
                .containsPattern("sluice_api_requests_seconds_count\\{method=\"POST\",route=\"AWSStepFunctions.ListStateMachines\",status=\"200\"\\}");
        // Which scripts went as EVALSHA depends on the run (a pipeline's scripts go as EVAL); some did, each tagged by its name.
        assertThat(metrics.body()).as("serve's Redis round trips, by command and script")
                .containsPattern("sluice_redis_calls_seconds_count\\{command=\"EVALSHA\",outcome=\"ok\",script=\"[a-z-]+\"\\}");
        assertThat(metrics.body()).as("no tag holds an execution id").doesNotContain(bad.substring(bad.indexOf(':') + 1));
        PrometheusServer.require(); // what /metrics serves is checked above without it; from here, a real Prometheus scrapes it

        try (PrometheusServer prometheus = PrometheusServer.scraping(port, "/metrics", null)) {
            String failed = "sluice_executions_ended_total{pipeline=\"waits\",outcome=\"failed\",tenant=\"-\"}";
            JsonNode result = await("PromQL sees the failed run").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500))
                    .until(() -> prometheus.query(failed), r -> r.size() == 1 && r.get(0).path("value").get(1).asDouble() >= 1.0);
            assertThat(result.get(0).path("metric").path("channel").asText()).isEqualTo("P2");
            assertThat(prometheus.query("sluice_executions_ended_total{pipeline=\"shout\",outcome=\"succeeded\"}").get(0)
                    .path("value").get(1).asDouble()).isGreaterThanOrEqualTo(1.0);
            assertThat(prometheus.query("sum(sluice_executions_ended_total{pipeline=\"shout\",outcome=\"failed\"})").get(0)
                    .path("value").get(1).asDouble()).as("the succeeded pipeline failed nothing").isZero();
            assertThat(prometheus.query("sluice_api_requests_seconds_count{route=\"/v1/pipelines/{id}/executions\",method=\"POST\"}"))
                    .as("the API's starts, by route pattern and status").isNotEmpty()
                    .anySatisfy(r -> assertThat(r.path("metric").path("status").asText()).isEqualTo("201"));
            assertThat(prometheus.query("up{job=\"sluice\"}").get(0).path("value").get(1).asText()).as(prometheus.targets()).isEqualTo("1");
        }
    }
}
