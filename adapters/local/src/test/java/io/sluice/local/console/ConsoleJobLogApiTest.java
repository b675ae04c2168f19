package io.sluice.local.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.sluice.orchestration.json.Json;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A failed job run's log, read through the execution whose history names it ({@code GET /v1/executions/{id}/job-log}):
 * the text for a caller who sees the execution; for another tenant, or a location the history does not name (another
 * run's log, a path outside the runs folder), the same 404 as for nothing there.
 */
class ConsoleJobLogApiTest extends ConsoleAppTest {

    private String logPath(String executionId, String location) {
        return "/v1/executions/" + executionId + "/job-log?location=" + URLEncoder.encode(location, StandardCharsets.UTF_8);
    }

    @Test
    void aJobLogIsReadThroughTheExecutionThatNamesItOnly() throws Exception {
        String text = jobLog();
        String id = Json.parse(post("/v1/pipelines/job-fails/executions", OPERATOR, "{}", null).body()).path("executionId").asText();
        await().atMost(Duration.ofSeconds(30)).until(() -> Json.parse(get("/v1/executions/" + id, READER).body()).path("status").asText(),
                "FAILED"::equals);

        var read = get(logPath(id, JOB_LOG), READER);
        assertThat(read.statusCode()).as(read.body()).isEqualTo(200);
        assertThat(read.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/plain"));
        assertThat(read.body()).isEqualTo(text);

        var foreign = get(logPath(id, JOB_LOG), OTHER);
        assertThat(foreign.statusCode()).isEqualTo(404);
        assertThat(Json.parse(foreign.body()).path("detail").asText())
                .isEqualTo(Json.parse(get(logPath("job-fails:never-ran", JOB_LOG), OTHER).body()).path("detail").asText()
                        .replace("job-fails:never-ran", id));
        // Another run's log exists, but this execution's history does not name it; nor a path that climbs out.
        String other = "job-runs-dir/runs/jr_11111111111111111111111111111111/log.txt";
        Files.createDirectories(dataDirFor(other).getParent());
        Files.writeString(dataDirFor(other), "someone else's run");
        assertThat(get(logPath(id, other), READER).statusCode()).isEqualTo(404);
        assertThat(get(logPath(id, "job-runs-dir/runs/../../../tenants.json"), READER).statusCode()).isEqualTo(404);
        var noLocation = get("/v1/executions/" + id + "/job-log", READER);
        assertThat(noLocation.statusCode()).isEqualTo(400);
        assertThat(Json.parse(noLocation.body()).path("field").asText()).isEqualTo("location");
    }
}
