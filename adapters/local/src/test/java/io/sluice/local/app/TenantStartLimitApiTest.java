package io.sluice.local.app;

import static io.sluice.local.app.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Issue 9, finding 6d: one key started 962 executions a second; a tenant's starts are limited now, its own only. */
class TenantStartLimitApiTest extends TenantAppTest {

    @Test
    void theEleventhStartOfATenantWithALimitOfTenIsRefusedAndAnotherTenantIsNot() {
        for (int i = 0; i < 10; i++) {
            Http.Response r = http().post("/v1/pipelines/capped-orders/executions", "{}", as(CAPPED_OPERATOR));
            assertThat(r.status()).as("start %d: %s", i + 1, r.detail()).isEqualTo(201);
        }
        Http.Response eleventh = http().post("/v1/pipelines/capped-orders/executions", "{\"name\": \"" + unique("over") + "\"}",
                as(CAPPED_OPERATOR));
        assertProblem(eleventh, 429, "rate-limited");
        assertThat(eleventh.headers().firstValue("Retry-After").map(Long::parseLong).orElseThrow()).isPositive();
        assertThat(http().get("/v1/executions?pipeline=capped-orders", as(CAPPED_OPERATOR)).body().get("executions"))
                .as("nothing started").hasSize(10);
        assertThat(http().post("/v1/pipelines/fin-orders/executions", "{}", as(FIN_OPERATOR)).status()).as("another tenant").isEqualTo(201);
    }
}
