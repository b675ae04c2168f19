package io.sluice.local.app;

import static org.assertj.core.api.Assertions.assertThat;

/** The shape every API error has: RFC 9457 problem+json with Sluice's type, and the field when one was wrong. */
final class Problems {
    private Problems() {}

    static void assertProblem(Http.Response r, int status, String kind) {
        assertThat(r.status()).as(r.body() == null ? "" : r.body().toString()).isEqualTo(status);
        assertThat(r.contentType()).isEqualTo("application/problem+json");
        assertThat(r.body().get("status").asInt()).isEqualTo(status);
        assertThat(r.body().get("type").asText()).isEqualTo("urn:sluice:problem:" + kind);
        assertThat(r.body().get("title").asText()).isNotBlank();
        assertThat(r.body().get("detail").asText()).isNotBlank();
    }

    static void assertInvalid(Http.Response r, String field) {
        assertProblem(r, 400, "invalid-request");
        assertThat(r.body().get("field").asText()).isEqualTo(field);
        assertThat(r.body().get("expected").asText()).isNotBlank();
        assertThat(r.detail()).startsWith(field + ": expected ");
    }
}
