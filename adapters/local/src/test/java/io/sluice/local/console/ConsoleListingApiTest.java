package io.sluice.local.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The executions list as the console pages it, and map runs as their own resource: paging by {@code nextToken} (bound to
 * its filters, as Step Functions' ListExecutions tokens are), sorting, search by name, the partition of each row, map-run
 * children kept out of the list and counted under their run; each scoped to the caller's tenant.
 */
class ConsoleListingApiTest extends ConsoleAppTest {

    private JsonNode list(String query, String key) throws Exception {
        var r = get("/v1/executions?" + query, key);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        return Json.parse(r.body());
    }

    private String start(String pipeline, String body) throws Exception {
        return Json.parse(post("/v1/pipelines/" + pipeline + "/executions", OPERATOR, body, null).body()).path("executionId").asText();
    }

    private static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.path("executions").forEach(e -> ids.add(e.path("executionId").asText()));
        return ids;
    }

    private JsonNode problem(String query) throws Exception {
        var r = get("/v1/executions?" + query, READER);
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        return Json.parse(r.body());
    }

    @Test
    void pagesFollowTheirTokenSortAndSearchByNameWithThePartitionOnEachRow() throws Exception {
        String tag = "pg-" + RUN;
        List<String> started = new ArrayList<>();
        for (String n : List.of("c", "a", "e", "b", "d")) {
            started.add(start("hello", "{\"name\": \"" + tag + "-" + n + "\", \"partition\": \"2026-09-1" + n.charAt(0) % 10 + "\"}"));
        }
        // Newest first, two at a time: three pages, every run once, the last without a token.
        List<String> paged = new ArrayList<>();
        List<String> times = new ArrayList<>();
        String query = "pipeline=hello&name=" + tag.toUpperCase() + "&limit=2"; // the name matches in any case
        JsonNode page = list(query, READER);
        int pages = 1;
        paged.addAll(ids(page));
        page.path("executions").forEach(e -> times.add(e.path("startTime").asText()));
        while (page.has("nextToken")) {
            assertThat(page.path("executions")).hasSize(2);
            page = list(query + "&nextToken=" + URLEncoder.encode(page.path("nextToken").asText(), StandardCharsets.UTF_8), READER);
            paged.addAll(ids(page));
            page.path("executions").forEach(e -> times.add(e.path("startTime").asText()));
            pages++;
        }
        assertThat(pages).isEqualTo(3);
        assertThat(paged).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(started);
        assertThat(times.stream().map(java.time.Instant::parse).toList()).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        // Each row carries the partition its run was started for ('a' % 10 = 7, and so on).
        for (JsonNode e : list("pipeline=hello&name=" + tag + "&limit=10", READER).path("executions")) {
            char n = e.path("name").asText().charAt(e.path("name").asText().length() - 1);
            assertThat(e.path("partition").asText()).as(e.toString()).isEqualTo("2026-09-1" + n % 10);
        }
        // Sorted by name, either way.
        assertThat(ids(list("pipeline=hello&name=" + tag + "&sort=name", READER)))
                .containsExactly(tag("a"), tag("b"), tag("c"), tag("d"), tag("e"));
        assertThat(ids(list("pipeline=hello&name=" + tag + "&sort=name&order=desc&limit=2", READER))).containsExactly(tag("e"), tag("d"));
        // A token is bound to its listing: the same token with another filter is refused, naming it.
        String token = list(query, READER).path("nextToken").asText();
        JsonNode refused = problem("pipeline=hello&name=" + tag + "-a&limit=2&nextToken=" + URLEncoder.encode(token, StandardCharsets.UTF_8));
        assertThat(refused.path("field").asText()).isEqualTo("nextToken");
        String edited = token.substring(0, 4) + (token.charAt(4) == 'A' ? 'B' : 'A') + token.substring(5);
        assertThat(problem(query + "&nextToken=" + URLEncoder.encode(edited, StandardCharsets.UTF_8)).path("field").asText()).isEqualTo("nextToken");
        // The partition filter holds on every page (it is read from each run's summary).
        List<String> inPartition = new ArrayList<>();
        String byPartition = "pipeline=hello&partition=2026-09-17&limit=1"; // 'a' % 10 = 7: one of the five
        JsonNode p = list(byPartition, READER);
        inPartition.addAll(ids(p));
        while (p.has("nextToken")) {
            p = list(byPartition + "&nextToken=" + URLEncoder.encode(p.path("nextToken").asText(), StandardCharsets.UTF_8), READER);
            p.path("executions").forEach(e -> assertThat(e.path("partition").asText()).isEqualTo("2026-09-17"));
            inPartition.addAll(ids(p));
        }
        assertThat(inPartition).doesNotHaveDuplicates().contains(tag("a")).doesNotContain(tag("b"), tag("c"), tag("d"), tag("e"));
        assertThat(problem("sort=size").path("detail").asText()).contains("sort: expected one of [startTime, stopTime, name, pipeline, status, duration]");
        assertThat(problem("order=up").path("field").asText()).isEqualTo("order");
        assertThat(problem("until=yesterday").path("field").asText()).isEqualTo("until");
        assertThat(problem("mapRun=../x").path("field").asText()).isEqualTo("mapRun");
        // Another tenant's key sees none of them, by name or by pipeline.
        assertThat(list("name=" + tag, OTHER).path("executions")).isEmpty();
        assertThat(list("pipeline=hello&name=" + tag, OTHER).path("executions")).isEmpty();
    }

    @Test
    void anExecutionWaitingForACallbackSleepsAndItsDescriptionSaysSoUntilItIsWoken() throws Exception {
        // A callback wait is long: the execution sleeps in the data folder (the local object store), Redis keeps a stub.
        String id = start("long-wait", "{\"name\": \"lw-" + RUN + "\", \"partition\": \"2026-09-01\"}");
        JsonNode asleep = await().atMost(Duration.ofSeconds(60)).until(() -> Json.parse(get("/v1/executions/" + id, READER).body()),
                e -> e.path("asleep").asBoolean());
        assertThat(asleep.path("status").asText()).isEqualTo("RUNNING");
        assertThat(asleep.path("partition").asText()).isEqualTo("2026-09-01");
        var stopped = post("/v1/executions/" + id + "/stop", OPERATOR, "{}", null);
        assertThat(stopped.statusCode()).as(stopped.body()).isEqualTo(200);
        JsonNode woken = Json.parse(get("/v1/executions/" + id, READER).body());
        assertThat(woken.path("status").asText()).isEqualTo("ABORTED");
        assertThat(woken.has("asleep")).as("stopping woke it").isFalse();
    }

    private static String tag(String n) {
        return "hello:pg-" + RUN + "-" + n;
    }

    @Test
    void aMapRunsChildrenAreListedUnderItsRunOnlyAndCountedByStatus() throws Exception {
        String parent = start("fan", "{\"name\": \"fan-" + RUN + "\", \"input\": {\"items\": [1, 2, 3]}}");
        await().atMost(Duration.ofSeconds(60)).until(() -> Json.parse(get("/v1/executions/" + parent, READER).body())
                .path("status").asText(), s -> !s.equals("RUNNING"));
        JsonNode runs = Json.parse(get("/v1/executions/" + parent + "/map-runs", READER).body());
        assertThat(runs.path("mapRuns")).hasSize(1);
        JsonNode run = runs.path("mapRuns").get(0);
        assertThat(run.path("state").asText()).isEqualTo("Each");
        assertThat(run.path("label").asText()).isEqualTo("Items");
        assertThat(run.path("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(run.path("items").asInt()).isEqualTo(3);
        // Counted by the run's store (RedisMapRunStore), not by reading the children back.
        assertThat(run.path("children").path("counted").asText()).isEqualTo("store");
        assertThat(run.path("children").path("total").asInt()).isEqualTo(3);
        assertThat(run.path("children").path("SUCCEEDED").asInt()).isEqualTo(3);
        assertThat(run.path("children").path("FAILED").asInt()).isZero();
        assertThat(run.path("children").path("RUNNING").asInt()).isZero();
        assertThat(run.path("children").path("PENDING").asInt()).isZero();
        String runId = run.path("runId").asText();
        // Out of the list, under their run, and back among the others when asked for.
        // (other tests may run fan too: its own runs are the ones without a map run's "<run id>:<index>" name)
        assertThat(ids(list("pipeline=fan", READER))).contains(parent).allSatisfy(id -> assertThat(id.split(":")).hasSize(2));
        List<String> children = ids(list("pipeline=fan&mapRun=" + runId, READER));
        assertThat(children).hasSize(3).allSatisfy(id -> assertThat(id).startsWith("fan:" + runId + ":"));
        assertThat(ids(list("pipeline=fan&children=true", READER))).contains(parent).containsAll(children);
        // Another tenant: the parent's map runs are not found, exactly as a missing execution's; its children list empty.
        var foreign = get("/v1/executions/" + parent + "/map-runs", OTHER);
        var missing = get("/v1/executions/fan:never-ran/map-runs", OTHER);
        assertThat(foreign.statusCode()).isEqualTo(404);
        assertThat(Json.parse(foreign.body()).path("detail").asText())
                .isEqualTo(Json.parse(missing.body()).path("detail").asText().replace("fan:never-ran", parent));
        assertThat(list("mapRun=" + runId + "&children=true", OTHER).path("executions")).isEmpty();
    }
}
