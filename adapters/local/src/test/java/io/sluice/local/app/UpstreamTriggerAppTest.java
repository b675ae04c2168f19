package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Upstream completion in the app: {@code down} declares {@code dependsOn: [up-a, up-b]} in
 * {@code down.pipeline.json}, and starts for a partition once both succeeded for it — once.
 */
class UpstreamTriggerAppTest extends LocalAppTest {
    @Autowired
    CompletionRecorder completions;

    private String start(String pipeline, String partition, String input) {
        Http.Response r = http().post("/v1/pipelines/" + pipeline + "/executions",
                "{\"partition\": \"" + partition + "\", \"input\": " + input + "}");
        assertThat(r.status()).as(r.detail()).isEqualTo(201);
        return r.body().get("executionId").asText();
    }

    /** Waits until the app's completion listener has handled the execution's completion (the trigger included). */
    private void handled(String executionId) {
        await().atMost(Duration.ofSeconds(30)).until(() -> completions.saw(executionId));
    }

    @Test
    void theDependentStartsOnceBothUpstreamsSucceededForThePartition() {
        String partition = unique("day");
        handled(start("up-a", partition, "{}"));
        assertThat(http().get("/v1/executions/down:" + partition).status()).as("up-b has not run").isEqualTo(404);

        start("up-b", partition, "{}");
        await().atMost(Duration.ofSeconds(30)).until(() -> http().get("/v1/executions/down:" + partition).body(),
                b -> b.path("status").asText().equals("SUCCEEDED"));
        assertThat(http().get("/v1/executions/down:" + partition).body().get("input").get("upstreams").toString())
                .isEqualTo("[\"up-a\",\"up-b\"]");

        handled(start("up-a", partition, "{}"));
        handled(start("up-b", partition, "{}"));
        assertThat(http().get("/v1/executions?pipeline=down&limit=1000").body().get("executions").findValuesAsText("name"))
                .as("upstreams running again for the partition start no second run").containsOnlyOnce(partition);
    }

    @Test
    void aFailedUpstreamStartsNothingUntilItSucceeds() {
        String partition = unique("day");
        handled(start("up-a", partition, "{}"));
        String failed = start("up-b", partition, "{\"fail\": true}");
        handled(failed);
        assertThat(http().get("/v1/executions/" + failed).body().get("status").asText()).isEqualTo("FAILED");
        assertThat(http().get("/v1/executions/down:" + partition).status()).isEqualTo(404);

        start("up-b", partition, "{}");
        await().atMost(Duration.ofSeconds(30)).until(() -> http().get("/v1/executions/down:" + partition).status() == 200);
    }
}
