package io.sluice.local.app;

import static io.sluice.local.app.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rules API with tenants: a tenant's operator makes and removes rules of its own tenant only (the
 * author is its key, not the body), a reader reads them, another tenant sees none of them, a bad rule
 * is a 400 naming the field, and a simulation lists only what the caller's tenant owns.
 */
class TenantRulesApiTest extends TenantAppTest {
    private static String rule(String id, String pipeline, String extra) {
        return """
                {"id": "%s", "effect": "block", "pipeline": "%s", "until": "%s", "reason": "supplier shipped bad rows",
                 "author": "someone-else"%s}""".formatted(id, pipeline, Instant.now().plusSeconds(3600), extra);
    }

    private static List<String> ids(JsonNode rules) {
        List<String> out = new ArrayList<>();
        rules.path("rules").forEach(r -> out.add(r.get("id").asText()));
        return out;
    }

    @Test
    void aTenantsRulesAreItsOwnAndEveryChangeIsRecordedWithTheCallerAsAuthor() {
        String id = unique("fin-block");
        // fin-orders is a Pass pipeline: the rule holds no task another test of this shared context waits for.
        Http.Response made = http().post("/v1/rules", rule(id, "fin-orders", ""), as(FIN_OPERATOR));
        assertThat(made.status()).as(made.detail()).isEqualTo(201);
        assertThat(made.body().get("tenant").asText()).isEqualTo("finance");
        assertThat(made.body().get("author").asText()).isEqualTo("key:ci");

        assertThat(ids(http().get("/v1/rules", as(FIN_READER)).body())).contains(id);
        assertThat(ids(http().get("/v1/rules", as(OPS_OPERATOR)).body())).doesNotContain(id);
        assertProblem(http().post("/v1/rules", rule(unique("r"), "fin-*", ""), as(FIN_READER)), 403, "forbidden");
        assertProblem(http().delete("/v1/rules/" + id, as(OPS_OPERATOR)), 404, "not-found");
        assertProblem(http().post("/v1/rules", rule(unique("r"), "fin-*", ", \"tenant\": \"finance\""), as(OPS_OPERATOR)), 400,
                "invalid-request");

        assertThat(http().delete("/v1/rules/" + id, as(FIN_OPERATOR)).status()).isEqualTo(204);
        JsonNode changes = http().get("/v1/rules/changes", as(FIN_OPERATOR)).body().get("changes");
        List<String> mine = new ArrayList<>();
        changes.forEach(c -> {
            if (c.get("ruleId").asText().equals(id)) {
                mine.add(c.get("action").asText() + " by " + c.get("author").asText());
            }
        });
        assertThat(mine).containsExactly("removed by key:ci", "created by key:ci");
        JsonNode theirs = http().get("/v1/rules/changes", as(OPS_OPERATOR)).body().get("changes");
        theirs.forEach(c -> assertThat(c.get("ruleId").asText()).isNotEqualTo(id));
    }

    @Test
    void aRuleWithoutAnExpiryIsRefusedNamingTheField() {
        Http.Response r = http().post("/v1/rules", "{\"effect\": \"block\", \"pipeline\": \"fin-orders\", \"reason\": \"x\"}", as(FIN_OPERATOR));
        assertProblem(r, 400, "invalid-request");
        assertThat(r.body().get("field").asText()).isEqualTo("/until");
        assertThat(r.body().get("expected").asText()).contains("required");
    }

    @Test
    void aSimulationListsTheCallersPipelinesTheRuleWouldHoldWithoutSavingIt() {
        Http.Response r = http().post("/v1/rules/simulate?hours=6", rule("candidate", "*orders", ""), as(FIN_OPERATOR));
        assertThat(r.status()).as(r.detail()).isEqualTo(200);
        List<String> pipelines = new ArrayList<>();
        r.body().get("pipelines").forEach(p -> pipelines.add(p.asText()));
        assertThat(pipelines).containsExactly("fin-orders");
        assertThat(r.body().get("hours").asInt()).isEqualTo(6);
        assertThat(ids(http().get("/v1/rules", as(FIN_OPERATOR)).body())).doesNotContain("candidate");
    }
}
