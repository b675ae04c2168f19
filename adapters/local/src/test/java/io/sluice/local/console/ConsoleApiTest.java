package io.sluice.local.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.net.URI;
import java.net.URLEncoder;
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
        // A pattern pipeline's upstreams, which it waits for inside its run (its config's dependencies.upstream).
        JsonNode waits = null;
        for (JsonNode p : pipelines) {
            if (p.path("id").asText().equals("sales-export")) {
                waits = p.path("waitsFor");
            }
            assertThat(p.path("waitsFor").isArray()).as("every pipeline says, none or some").isTrue();
        }
        assertThat(waits).isNotNull();
        assertThat(waits.toString()).isEqualTo("[\"hello\",\"showcase\"]");
        assertThat(nightly.path("waitsFor")).as("a state machine waits for none").isEmpty();
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

    @org.springframework.beans.factory.annotation.Autowired
    io.sluice.functions.deadletter.DeadLetters letters;

    /** A message the dlq-handler consumed is listed for its pipeline's tenant only, with the execution it failed. */
    @Test
    void theDlqHandlerRecordsEachMessageItConsumesForItsTenant() throws Exception {
        String execution = "breaks:dlq-" + RUN;
        deadLetter(execution, "{\"type\":\"timer\",\"executionId\":\"" + execution + "\",\"timerId\":\"t-" + RUN + "\"}");
        JsonNode letter = await().atMost(Duration.ofSeconds(30)).until(() -> {
            JsonNode page = Json.parse(get("/v1/dead-letters?limit=200", READER).body());
            for (JsonNode m : page.path("messages")) {
                if (m.path("executionId").asText().equals(execution)) {
                    return m;
                }
            }
            return null;
        }, java.util.Objects::nonNull);
        assertThat(letter.path("queue").asText()).isEqualTo(names.orchestrator());
        assertThat(letter.path("count").asInt()).isEqualTo(1);
        assertThat(letter.path("redrivable").asBoolean()).isTrue();
        assertThat(letter.path("error").asText()).contains("execution " + execution + " was failed for it");
        assertThat(letter.path("body").asText()).contains("t-" + RUN);
        assertThat(get("/v1/dead-letters?limit=200", OTHER).body()).doesNotContain(execution);
    }

    /**
     * Redrive sends the message back to its queue once and removes the letter; a reader may not, another tenant sees no
     * such letter, and a letter kept without a secret-looking value is shown masked and not re-sent.
     */
    @Test
    void aDeadLetterIsRedrivenOnceByAnOperatorOfItsTenant() throws Exception {
        String queueName = "c" + RUN + "-unconsumed";
        var queue = backends.ports().queue();
        var kept = letters.record(queueName, new io.sluice.orchestration.port.TaskQueue.ReceivedMessage("m-1-" + RUN, "r", "{\"n\": 1}",
                java.util.Map.of("executionId", "hello:x-" + RUN), 5), null);
        var secret = letters.record(queueName, new io.sluice.orchestration.port.TaskQueue.ReceivedMessage("m-2-" + RUN, "r",
                "{\"auth\": {\"password\": \"hunter2-" + RUN + "\", \"secret\": \"db-pass\"}}", java.util.Map.of("executionId", "hello:y-" + RUN), 5), null);

        JsonNode page = Json.parse(get("/v1/dead-letters?queue=" + queueName, READER).body());
        assertThat(page.path("queues").toString()).contains("\"queue\":\"" + queueName + "\",\"messages\":2");
        assertThat(page.path("messages").size()).isEqualTo(2);
        assertThat(page.toString()).doesNotContain("hunter2").contains("db-pass");
        JsonNode paged = Json.parse(get("/v1/dead-letters?queue=" + queueName + "&limit=1", READER).body());
        assertThat(paged.path("messages").size()).isEqualTo(1);
        assertThat(paged.path("next").asInt()).isEqualTo(1);
        assertThat(get("/v1/dead-letters?limit=0", READER).statusCode()).isEqualTo(400);
        assertThat(get("/v1/dead-letters", OTHER).body()).doesNotContain(queueName);

        String redrive = "/v1/dead-letters/" + kept.id() + "/redrive";
        assertThat(post(redrive, READER, "", null).statusCode()).isEqualTo(403);
        assertThat(post(redrive, OTHER, "", null).statusCode()).isEqualTo(404);
        HttpResponse<String> done = post(redrive, OPERATOR, "", null);
        assertThat(done.statusCode()).as(done.body()).isEqualTo(200);
        assertThat(Json.parse(done.body()).path("redriven").asBoolean()).isTrue();
        assertThat(post(redrive, OPERATOR, "", null).statusCode()).as("a second redrive").isEqualTo(404);
        HttpResponse<String> refused = post("/v1/dead-letters/" + secret.id() + "/redrive", OPERATOR, "", null);
        assertThat(refused.statusCode()).as(refused.body()).isEqualTo(409);

        var sent = queue.receive(queueName, 10, Duration.ofSeconds(30), Duration.ofSeconds(5));
        assertThat(sent).singleElement().satisfies(m -> {
            assertThat(m.body()).isEqualTo("{\"n\": 1}");
            assertThat(m.attributes()).containsEntry("executionId", "hello:x-" + RUN);
        });
        sent.forEach(m -> queue.acknowledge(queueName, m.receipt()));
        assertThat(queue.receive(queueName, 10, Duration.ofSeconds(30), Duration.ZERO)).as("sent once").isEmpty();
        JsonNode after = Json.parse(get("/v1/dead-letters?queue=" + queueName, READER).body());
        assertThat(after.path("messages").size()).isEqualTo(1);
        assertThat(after.path("messages").get(0).path("redrivable").asBoolean()).isFalse();
    }

    /** The partition filter is exact: the partition each run was started for, not a name's prefix. */
    @Test
    void thePartitionFilterMatchesThePartitionExactly() throws Exception {
        String day = "2026-10-0" + (1 + (RUN.charAt(0) % 9));
        String a = Json.parse(post("/v1/pipelines/hello/executions", OPERATOR, "{\"partition\": \"" + day + "\"}", null).body()).path("executionId").asText();
        String named = Json.parse(post("/v1/pipelines/hello/executions", OPERATOR,
                "{\"partition\": \"" + day + "\", \"name\": \"by-hand-" + RUN + "\"}", null).body()).path("executionId").asText();
        String longer = Json.parse(post("/v1/pipelines/hello/executions", OPERATOR, "{\"partition\": \"" + day + "x\"}", null).body())
                .path("executionId").asText();
        assertThat(longer).contains(day + "x");
        JsonNode list = Json.parse(get("/v1/executions?pipeline=hello&partition=" + day, READER).body());
        java.util.List<String> ids = new java.util.ArrayList<>();
        list.path("executions").forEach(e -> ids.add(e.path("executionId").asText()));
        assertThat(ids).contains(a, named).doesNotContain(longer);
        assertThat(get("/v1/executions?partition=..", READER).statusCode()).isEqualTo(400);
    }

    /** The list as server-sent events: the list at once, and again when a run starts. */
    @Test
    void theExecutionsStreamSendsTheListAndItsChanges() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base() + "/v1/executions/stream?pipeline=hello")).GET()
                .header("Authorization", "Bearer " + READER).header("Accept", "text/event-stream").build();
        HttpResponse<java.util.stream.Stream<String>> stream = CLIENT.send(request, HttpResponse.BodyHandlers.ofLines());
        assertThat(stream.statusCode()).isEqualTo(200);
        assertThat(stream.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/event-stream"));
        java.util.Iterator<String> lines = stream.body().iterator();
        var reading = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            String line;
            do {
                line = lines.next();
            } while (!line.startsWith("data:"));
            return line;
        });
        assertThat(reading.get(30, java.util.concurrent.TimeUnit.SECONDS)).contains("\"executions\"");
        String started = Json.parse(post("/v1/pipelines/hello/executions", OPERATOR, "{}", null).body()).path("executionId").asText();
        var changed = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            String line;
            do {
                line = lines.next();
            } while (!(line.startsWith("data:") && line.contains(started)));
            return line;
        });
        assertThat(changed.get(30, java.util.concurrent.TimeUnit.SECONDS)).contains(started);
        stream.body().close();
        assertThat(get("/v1/executions/stream?status=NOPE", READER).statusCode()).isEqualTo(400);
    }

    @Test
    void thePipelineListShowsTheObjectRules() throws Exception {
        JsonNode list = Json.parse(get("/v1/pipelines", READER).body());
        for (JsonNode p : list.path("pipelines")) {
            if (p.path("id").asText().equals("hello")) {
                assertThat(p.path("objectRules").toString())
                        .isEqualTo("[{\"id\":\"hello-drops\",\"bucket\":\"drops\",\"keys\":\"prefix 'hello/' and suffix '.csv'\"}]");
            } else {
                assertThat(p.path("objectRules").size()).as(p.path("id").asText()).isZero();
            }
        }
    }
}
