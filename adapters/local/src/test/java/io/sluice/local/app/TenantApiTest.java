package io.sluice.local.app;

import static io.sluice.local.app.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** API keys and tenants: who may call at all (401), what a tenant sees (404 for the rest), what a reader may do (403). */
class TenantApiTest extends TenantAppTest {

    private static void assertUnauthorized(Http.Response r, String challengeError) {
        assertProblem(r, 401, "unauthorized");
        String challenge = r.headers().firstValue("WWW-Authenticate").orElse("");
        assertThat(challenge).startsWith("Bearer realm=\"sluice\"");
        if (challengeError != null) {
            assertThat(challenge).contains("error=\"" + challengeError + "\"");
        }
    }

    private String started(String pipeline, String key) {
        Http.Response r = http().post("/v1/pipelines/" + pipeline + "/executions", "{}", as(key));
        assertThat(r.status()).as(r.detail()).isEqualTo(201);
        return r.body().get("executionId").asText();
    }

    /** The token of the execution's waiting task, read with the owning tenant's key. */
    private String waitingToken(String executionId, String key) {
        return await().atMost(Duration.ofSeconds(20)).until(() -> {
            for (JsonNode e : http().get("/v1/executions/" + executionId + "/history", as(key)).body().path("events")) {
                if (e.path("type").asText().equals("TASK_SCHEDULED")) {
                    return e.get("detail").get("token").asText();
                }
            }
            return null;
        }, t -> t != null);
    }

    @Test
    void everyRouteButTheDescriptionNeedsAKey() {
        assertUnauthorized(http().get("/v1/pipelines"), null);
        assertUnauthorized(http().get("/v1/executions"), null);
        assertUnauthorized(http().get("/v1/executions/fin-orders:x"), null);
        assertUnauthorized(http().get("/v1/executions/fin-orders:x/history"), null);
        assertUnauthorized(http().post("/v1/pipelines/fin-orders/executions", "{}"), null);
        assertUnauthorized(http().post("/v1/executions/fin-orders:x/stop", ""), null);
        assertUnauthorized(http().post("/v1/executions/fin-orders:x/redrive", ""), null);
        assertUnauthorized(http().post("/v1/tasks/fin-orders:x.0.1.0/success", "{}"), null);
        assertUnauthorized(http().post("/v1/tasks/fin-orders:x.0.1.0/failure", "{}"), null);
        assertUnauthorized(http().post("/v1/tasks/fin-orders:x.0.1.0/heartbeat", ""), null);
        assertUnauthorized(http().post("/functions/echo", "{}"), null);
        assertUnauthorized(http().post("/v1/pipelines/fin-orders/webhook", "{}"), null);
        assertThat(http().get("/v1/openapi.json").status()).isEqualTo(200);
        // SECURITY.md: anyone on the network may reach /health, and it tells them nothing but that the API serves requests.
        Http.Response health = http().get("/health");
        assertThat(health.status()).isEqualTo(200);
        assertThat(health.body()).isEqualTo(io.sluice.orchestration.json.Json.parse("{\"status\": \"UP\"}"));
    }

    @Test
    void aWrongOrMalformedKeyIs401() {
        assertUnauthorized(http().get("/v1/pipelines", as("sk_not-a-key")), "invalid_token");
        assertUnauthorized(http().get("/v1/pipelines", as(FIN_OPERATOR + "x")), "invalid_token");
        assertUnauthorized(http().get("/v1/pipelines", "Authorization", "Basic " + FIN_OPERATOR), "invalid_request");
        assertUnauthorized(http().get("/v1/pipelines", "Authorization", "Bearer " + "k".repeat(600)), "invalid_request");
        assertThat(http().get("/v1/pipelines", "Authorization", "bearer " + FIN_OPERATOR).status()).as("the scheme is case-insensitive")
                .isEqualTo(200);
    }

    @Test
    void aTenantSeesItsOwnPipelinesOnly() {
        JsonNode fin = http().get("/v1/pipelines", as(FIN_OPERATOR)).body().get("pipelines");
        assertThat(fin.findValuesAsText("id")).containsExactlyInAnyOrder("fin-orders", "fin-hold", "fin-down", "signed", "signed-too",
                "signed-broken", "no-secret");
        assertThat(fin.findValuesAsText("tenant")).containsOnly("finance");
        assertThat(http().get("/v1/pipelines", as(OPS_OPERATOR)).body().get("pipelines").findValuesAsText("id"))
                .containsExactlyInAnyOrder("ops-orders", "ops-hold");
        assertThat(http().get("/v1/pipelines", as(FIN_READER)).body().get("pipelines")).hasSize(7);
    }

    @Test
    void anotherTenantsPipelineIsNotFoundExactlyAsAMissingOne() {
        Http.Response foreign = http().post("/v1/pipelines/ops-orders/executions", "{}", as(FIN_OPERATOR));
        Http.Response missing = http().post("/v1/pipelines/no-such/executions", "{}", as(FIN_OPERATOR));
        assertProblem(foreign, 404, "not-found");
        assertProblem(missing, 404, "not-found");
        assertThat(foreign.detail().replace("ops-orders", "ID")).isEqualTo(missing.detail().replace("no-such", "ID"));
        assertThat(foreign.detail()).doesNotContain(TenantAppTest.directory().toString());
        assertProblem(http().post("/v1/pipelines/ops-orders/executions", "{}", as(FIN_READER)), 404, "not-found");
        assertProblem(http().post("/v1/pipelines/ops-orders/webhook", "{}", as(FIN_OPERATOR)), 404, "not-found");
        assertThat(http().post("/v1/pipelines/ops-orders/webhook", "{}", as(OPS_OPERATOR)).status()).isEqualTo(201);
    }

    @Test
    void anotherTenantsExecutionsAndTasksAreNotFound() {
        String id = started("ops-hold", OPS_OPERATOR);
        String token = waitingToken(id, OPS_OPERATOR);
        assertProblem(http().get("/v1/executions/" + id, as(FIN_OPERATOR)), 404, "not-found");
        assertThat(http().get("/v1/executions/" + id, as(FIN_OPERATOR)).detail())
                .isEqualTo(http().get("/v1/executions/ops-hold:never-ran", as(FIN_OPERATOR)).detail().replace("ops-hold:never-ran", id));
        assertProblem(http().get("/v1/executions/" + id + "/history", as(FIN_OPERATOR)), 404, "not-found");
        assertProblem(http().post("/v1/executions/" + id + "/stop", "", as(FIN_OPERATOR)), 404, "not-found");
        assertProblem(http().post("/v1/executions/" + id + "/redrive", "", as(FIN_OPERATOR)), 404, "not-found");
        assertProblem(http().post("/v1/tasks/" + token + "/success", "{}", as(FIN_OPERATOR)), 404, "not-found");
        assertProblem(http().post("/v1/tasks/" + token + "/failure", "{}", as(FIN_OPERATOR)), 404, "not-found");
        assertProblem(http().post("/v1/tasks/" + token + "/heartbeat", "", as(FIN_OPERATOR)), 404, "not-found");
        assertThat(http().get("/v1/executions?limit=1000", as(FIN_OPERATOR)).body().get("executions").findValuesAsText("pipeline"))
                .doesNotContain("ops-hold", "ops-orders");
        assertThat(http().get("/v1/executions?pipeline=ops-hold", as(FIN_OPERATOR)).body().get("executions")).isEmpty();
        assertThat(http().get("/v1/executions?pipeline=ops-hold", as(OPS_OPERATOR)).body().get("executions").findValuesAsText("executionId"))
                .contains(id);

        assertThat(http().post("/v1/tasks/" + token + "/success", "{}", as(OPS_OPERATOR)).status()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(20)).until(() -> http().get("/v1/executions/" + id, as(OPS_OPERATOR)).body()
                .get("status").asText().equals("SUCCEEDED"));
    }

    @Test
    void aReadersKeyMayReadButNotChange() {
        String id = started("fin-hold", FIN_OPERATOR);
        String token = waitingToken(id, FIN_READER);
        assertThat(http().get("/v1/executions/" + id, as(FIN_READER)).status()).isEqualTo(200);
        assertThat(http().get("/v1/executions?pipeline=fin-hold", as(FIN_READER)).body().get("executions").findValuesAsText("executionId"))
                .contains(id);
        assertProblem(http().post("/v1/pipelines/fin-orders/executions", "{}", as(FIN_READER)), 403, "forbidden");
        assertProblem(http().post("/v1/executions/" + id + "/stop", "", as(FIN_READER)), 403, "forbidden");
        assertProblem(http().post("/v1/executions/" + id + "/redrive", "", as(FIN_READER)), 403, "forbidden");
        assertProblem(http().post("/v1/tasks/" + token + "/heartbeat", "", as(FIN_READER)), 403, "forbidden");
        assertProblem(http().post("/v1/tasks/" + token + "/success", "{}", as(FIN_READER)), 403, "forbidden");
        assertProblem(http().post("/v1/tasks/" + token + "/failure", "{}", as(FIN_READER)), 403, "forbidden");
        assertThat(http().post("/v1/executions/" + id + "/stop", "", as(FIN_OPERATOR)).body().get("status").asText()).isEqualTo("ABORTED");
    }

    @Test
    void theFunctionEmulatorIsClosedWhenThereAreTenants() {
        Http.Response r = http().post("/functions/echo", "{}", as(FIN_OPERATOR));
        assertProblem(r, 403, "forbidden");
        assertThat(r.detail()).contains("local mode");
    }

    @Test
    void aDependencyOnAnotherTenantsPipelineIsIgnored() {
        String partition = unique("day");
        Http.Response up = http().post("/v1/pipelines/ops-orders/executions", "{\"partition\": \"" + partition + "\"}", as(OPS_OPERATOR));
        String id = up.body().get("executionId").asText();
        await().atMost(Duration.ofSeconds(20)).until(() -> http().get("/v1/executions/" + id, as(OPS_OPERATOR)).body()
                .get("status").asText().equals("SUCCEEDED"));
        // fin-down would start within moments if the dependency counted; it must not see ops' completion at all.
        await().during(Duration.ofSeconds(2)).atMost(Duration.ofSeconds(3))
                .until(() -> http().get("/v1/executions/fin-down:" + partition, as(FIN_OPERATOR)).status() == 404);
    }
}
