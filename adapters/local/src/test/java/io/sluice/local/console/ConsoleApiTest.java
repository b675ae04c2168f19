package io.sluice.local.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What the console needs of the API, over HTTP: who the caller is ({@code /v1/caller}), definitions of pipelines and
 * of executions (tenant-scoped like everything else), schedules with their next fires in the pipeline list, the
 * console's files served without a key under a strict content security policy, and the console's own changes (same
 * origin) let through the browser guard while another origin's are not.
 */
class ConsoleApiTest extends ConsoleAppTest {
    private static final HttpClient CLIENT = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    private HttpResponse<String> get(String path, String key) throws IOException, InterruptedException {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(base() + path)).GET();
        if (key != null) {
            r.header("Authorization", "Bearer " + key);
        }
        return CLIENT.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path, String key, String body, String origin) throws IOException, InterruptedException {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(base() + path)).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + key);
        if (origin != null) {
            r.header("Origin", origin);
        }
        return CLIENT.send(r.build(), HttpResponse.BodyHandlers.ofString());
    }

    private String base() {
        return "http://127.0.0.1:" + port;
    }

    @Test
    void theCallerIsDescribedWithoutItsKey() throws Exception {
        JsonNode reader = Json.parse(get("/v1/caller", READER).body());
        assertThat(reader).isEqualTo(Json.parse("{\"mode\": \"tenants\", \"tenant\": \"team\", \"key\": \"team-dashboard\", \"role\": \"reader\", \"mayChange\": false}"));
        JsonNode operator = Json.parse(get("/v1/caller", OPERATOR).body());
        assertThat(operator.path("role").asText()).isEqualTo("operator");
        assertThat(operator.path("mayChange").asBoolean()).isTrue();
        assertThat(get("/v1/caller", OPERATOR).body()).doesNotContain(OPERATOR);
        HttpResponse<String> none = get("/v1/caller", null);
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(none.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
    }

    @Test
    void aPipelinesDefinitionIsItsTenantsOnly() throws Exception {
        HttpResponse<String> own = get("/v1/pipelines/showcase/definition", READER);
        assertThat(own.statusCode()).isEqualTo(200);
        JsonNode body = Json.parse(own.body());
        assertThat(body.path("definition").path("StartAt").asText()).isEqualTo("Prepare");
        assertThat(body.path("definition").path("States").path("Both").path("Branches").size()).isEqualTo(2);
        assertThat(body.path("definitionHash").asText()).isNotBlank();
        assertThat(get("/v1/pipelines/showcase/definition", OTHER).statusCode()).as("another tenant's").isEqualTo(404);
        assertThat(get("/v1/pipelines/broken/definition", READER).statusCode()).as("an invalid one").isEqualTo(404);
        assertThat(get("/v1/pipelines/nope/definition", READER).statusCode()).isEqualTo(404);
        assertThat(Json.parse(get("/v1/pipelines/secret-pipe/definition", OTHER).body()).path("pipeline").asText()).isEqualTo("secret-pipe");
    }

    @Test
    void anExecutionsDefinitionIsTheOneItIsPinnedTo() throws Exception {
        HttpResponse<String> started = post("/v1/pipelines/hello/executions", OPERATOR, "{}", null);
        assertThat(started.statusCode()).isEqualTo(201);
        String id = Json.parse(started.body()).path("executionId").asText();
        String path = "/v1/executions/" + URLEncoder.encode(id, StandardCharsets.UTF_8) + "/definition";
        JsonNode definition = Json.parse(get(path, READER).body());
        assertThat(definition.path("pinned").asBoolean()).isTrue();
        assertThat(definition.path("executionId").asText()).isEqualTo(id);
        assertThat(definition.path("definition").path("States").path("Echo").path("Resource").asText()).isEqualTo("sluice:function:echo");
        assertThat(definition.path("definitionHash").asText())
                .isEqualTo(Json.parse(get("/v1/pipelines/hello/definition", READER).body()).path("definitionHash").asText());
        assertThat(get(path, OTHER).statusCode()).isEqualTo(404);
        assertThat(get("/v1/executions/hello:nope/definition", READER).statusCode()).isEqualTo(404);
    }

    @Test
    void thePipelineListShowsSchedulesWithTheirNextFires() throws Exception {
        JsonNode pipelines = Json.parse(get("/v1/pipelines", READER).body()).path("pipelines");
        JsonNode nightly = null;
        for (JsonNode p : pipelines) {
            if (p.path("id").asText().equals("nightly")) {
                nightly = p;
            }
        }
        assertThat(nightly).isNotNull();
        JsonNode schedule = nightly.path("schedules").get(0);
        assertThat(schedule.path("expression").asText()).isEqualTo("cron(0 3 * * ? *)");
        assertThat(schedule.path("timezone").asText()).isEqualTo("UTC");
        assertThat(schedule.path("overlap").asText()).isEqualTo("skip");
        assertThat(schedule.path("next")).hasSize(3);
        Instant first = Instant.parse(schedule.path("next").get(0).asText());
        assertThat(first).isAfter(Instant.now()).isBefore(Instant.now().plus(Duration.ofHours(25)));
        assertThat(first.toString()).endsWith("T03:00:00Z");
        assertThat(Instant.parse(schedule.path("next").get(1).asText())).isEqualTo(first.plus(Duration.ofDays(1)));
        assertThat(nightly.path("dependsOn").toString()).contains("\"pipeline\":\"breaks\",\"partitions\":\"same-date\"");
        assertThat(pipelines.get(0).path("schedules").isArray()).as("every pipeline says, none or some").isTrue();
    }

    @Test
    void theConsolesFilesNeedNoKeyAndAllowNothingButTheirOrigin() throws Exception {
        HttpResponse<String> bare = get("/console", null);
        assertThat(bare.statusCode()).isEqualTo(302);
        assertThat(bare.headers().firstValue("Location")).hasValueSatisfying(l -> assertThat(l).endsWith("/console/"));
        HttpResponse<String> page = get("/console/", null);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        assertThat(page.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(csp ->
                assertThat(csp).contains("default-src 'none'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"));
        assertThat(page.body()).contains("<title>Sluice console</title>").doesNotContain("http://", "https://");
        Matcher script = Pattern.compile("src=\"\\./(assets/[^\"]+\\.js)\"").matcher(page.body());
        assertThat(script.find()).as(page.body()).isTrue();
        HttpResponse<String> js = get("/console/" + script.group(1), null);
        assertThat(js.statusCode()).isEqualTo(200);
        assertThat(js.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).contains("javascript"));
        assertThat(js.body()).contains("/v1/caller").doesNotContainPattern("(fetch|import)\\(['\"]https?://");
        assertThat(get("/console/assets/nope.js", null).statusCode()).isEqualTo(404);
    }

    @Test
    void theConsolesOwnOriginMayChangeThingsAndAnotherMayNot() throws Exception {
        HttpResponse<String> same = post("/v1/pipelines/hello/executions", OPERATOR, "{}", base());
        assertThat(same.statusCode()).as(same.body()).isEqualTo(201);
        String id = Json.parse(same.body()).path("executionId").asText();
        await().atMost(Duration.ofSeconds(20)).until(() -> Json.parse(get("/v1/executions/" + URLEncoder.encode(id, StandardCharsets.UTF_8), READER)
                .body()).path("status").asText().equals("SUCCEEDED"));
        HttpResponse<String> otherPort = post("/v1/pipelines/hello/executions", OPERATOR, "{}", "http://127.0.0.1:" + (port + 1));
        assertThat(otherPort.statusCode()).isEqualTo(403);
        HttpResponse<String> reader = post("/v1/pipelines/hello/executions", READER, "{}", base());
        assertThat(reader.statusCode()).as("a reader, from the console too").isEqualTo(403);
    }

    @Test
    void theStatusTableShowsTheCallersPipelinesOnly() throws Exception {
        statusRows("2026-11-27");
        JsonNode team = Json.parse(get("/v1/status?partition=2026-11-27", READER).body()).path("rows");
        assertThat(team).extracting(r -> r.path("executionId").asText()).containsExactly("hello:2026-11-27-b", "breaks:2026-11-27-a");
        assertThat(team.get(1).path("state").asText()).isEqualTo("FAILED");
        assertThat(team.get(1).path("error").asText()).contains("bad line 3");
        assertThat(team.get(1).path("jobLogUrl").asText()).endsWith("/console/#/executions");
        assertThat(team.get(1).path("rowsIn").asLong()).isEqualTo(120);
        assertThat(team.get(0).path("redriveCount").asInt()).isEqualTo(1);
        JsonNode other = Json.parse(get("/v1/status?partition=2026-11-27", OTHER).body()).path("rows");
        assertThat(other).extracting(r -> r.path("pipeline").asText()).containsExactly("secret-pipe");
        assertThat(Json.parse(get("/v1/status?pipeline=secret-pipe", READER).body()).path("rows")).as("named, still hidden").isEmpty();
        assertThat(Json.parse(get("/v1/status?pipeline=breaks&partition=2026-11-27", READER).body()).path("rows")).hasSize(1);
        HttpResponse<String> bad = get("/v1/status?limit=0", READER);
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(Json.parse(bad.body()).path("field").asText()).isEqualTo("limit");
    }

    @Test
    void theBuiltConsoleIsOnTheClasspathOfTheApi() {
        assertThat(ConsoleApiTest.class.getResource("/static/console/index.html")).isNotNull();
        assertThat(Files.isRegularFile(Path.of(ConsoleScript.CONSOLE.toString(), "package-lock.json"))).isTrue();
    }
}
