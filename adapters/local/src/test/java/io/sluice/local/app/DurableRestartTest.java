package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A runtime as {@code sluice serve} runs it (its embedded Redis, state under {@code .sluice/}) keeps an execution
 * that waits for a callback across a restart in the same folder: the callback after the restart finishes it.
 */
class DurableRestartTest {
    @TempDir
    Path folder;

    private ConfigurableApplicationContext start() {
        return SluiceLocalApplication.run("--server.port=0", "--sluice.state-dir=" + folder.resolve(".sluice"),
                "--sluice.pipelines-dir=" + folder.resolve("pipelines"), "--sluice.data-functions=false",
                "--sluice.queue-prefix=restart", "--server.tomcat.basedir=" + folder.resolve("tomcat"),
                "--spring.main.register-shutdown-hook=false");
    }

    private static Http http(ConfigurableApplicationContext app) {
        return new Http("http://127.0.0.1:" + app.getEnvironment().getProperty("local.server.port"));
    }

    @Test
    void anExecutionWaitingForACallbackFinishesAfterARestart() throws Exception {
        Files.createDirectories(folder.resolve("pipelines"));
        Files.writeString(folder.resolve("pipelines/hold.asl.json"), """
                {"StartAt": "Hold", "States": {"Hold": {"Type": "Task", "Resource": "sluice:function:wait-callback.waitForTaskToken",
                  "Parameters": {"token.$": "$$.Task.Token"}, "End": true}}}""");
        String id;
        String token;
        try (ConfigurableApplicationContext app = start()) {
            Http http = http(app);
            id = http.post("/v1/pipelines/hold/executions", "{}").body().get("executionId").asText();
            token = await().atMost(Duration.ofSeconds(30)).until(() -> scheduledToken(http, id), t -> t != null);
        }
        assertThat(folder.resolve(".sluice/redis")).isDirectory();
        assertThat(Files.getPosixFilePermissions(folder.resolve(".sluice/redis.password")))
                .isEqualTo(PosixFilePermissions.fromString("rw-------"));
        try (ConfigurableApplicationContext app = start()) {
            Http http = http(app);
            assertThat(http.get("/v1/executions/" + id).body().get("status").asText()).isEqualTo("RUNNING");
            assertThat(http.post("/v1/tasks/" + token + "/success", "{\"done\": true}").status()).isEqualTo(202);
            await().atMost(Duration.ofSeconds(30)).until(() -> http.get("/v1/executions/" + id).body().get("status").asText(),
                    "SUCCEEDED"::equals);
        }
    }

    private static String scheduledToken(Http http, String id) {
        for (JsonNode e : http.get("/v1/executions/" + id + "/history").body().get("events")) {
            if (e.path("type").asText().equals("TASK_SCHEDULED")) {
                return e.get("detail").get("token").asText();
            }
        }
        return null;
    }
}
