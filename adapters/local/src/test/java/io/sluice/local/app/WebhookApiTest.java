package io.sluice.local.app;

import static io.sluice.local.app.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.api.webhook.WebhookSignatures;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** Signed webhooks: HMAC-SHA256 over timestamp and body, a time window, and each signed request once. */
class WebhookApiTest extends TenantAppTest {
    private static final String URL = "/v1/pipelines/signed/webhook";

    private Http.Response send(String body, long timestamp, String signature) {
        return send("signed", body, timestamp, signature);
    }

    private Http.Response send(String pipeline, String body, long timestamp, String signature) {
        return http().post("/v1/pipelines/" + pipeline + "/webhook", body, WebhookSignatures.TIMESTAMP_HEADER, Long.toString(timestamp),
                WebhookSignatures.SIGNATURE_HEADER, signature);
    }

    private static String sign(String body, long timestamp) {
        return sign("signed", body, timestamp);
    }

    private static String sign(String pipeline, String body, long timestamp) {
        return WebhookSignatures.sign(HOOK_SECRET.getBytes(StandardCharsets.UTF_8), timestamp, pipeline,
                body.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertRefused(Http.Response r) {
        assertProblem(r, 401, "unauthorized");
        assertThat(r.headers().firstValue("WWW-Authenticate").orElse("")).startsWith("Signature realm=\"sluice-webhook\"");
    }

    @Test
    void aSignedRequestStartsOnceWithoutAKeyAndItsReplayIsRefused() {
        String body = "{\"partition\": \"" + unique("day") + "\"}";
        long now = Instant.now().getEpochSecond();
        Http.Response first = send(body, now, sign(body, now));
        assertThat(first.status()).as(first.detail()).isEqualTo(201);
        assertThat(first.body().get("pipeline").asText()).isEqualTo("signed");
        Http.Response replay = send(body, now, sign(body, now));
        assertProblem(replay, 409, "replayed");
        long later = now + 1;
        assertThat(send(body, later, sign(body, later)).status()).as("a new signature is a new request").isEqualTo(201);
    }

    /** Issue 9, finding 6a: the signature did not cover the pipeline, so another pipeline sharing the secret took it. */
    @Test
    void aRequestSignedForOnePipelineIsRefusedByAnotherSharingItsSecret() {
        String body = "{\"partition\": \"" + unique("day") + "\"}";
        long now = Instant.now().getEpochSecond();
        String signature = sign(body, now);
        assertThat(send(body, now, signature).status()).isEqualTo(201);
        Http.Response elsewhere = send("signed-too", body, now, signature);
        assertRefused(elsewhere);
        assertThat(elsewhere.detail()).contains("pipeline id");
        assertThat(http().get("/v1/executions?pipeline=signed-too", as(FIN_READER)).body().get("executions"))
                .as("nothing started there").isEmpty();
        assertThat(send("signed-too", body, now, sign("signed-too", body, now)).status()).as("signed for it").isEqualTo(201);
    }

    /** Issue 9, finding 6b: a start that failed used the signature up, so the sender's retry was answered 409. */
    @Test
    void aRequestWhoseStartFailedMayBeSentAgain() {
        String body = "{\"x\": 1}";
        long now = Instant.now().getEpochSecond();
        String signature = sign("signed-broken", body, now);
        assertProblem(send("signed-broken", body, now, signature), 422, "pipeline-invalid");
        assertProblem(send("signed-broken", body, now, signature), 422, "pipeline-invalid");
        String notAnObject = "[1]";
        String other = sign(notAnObject, now);
        assertProblem(send(notAnObject, now, other), 400, "invalid-request");
        assertProblem(send(notAnObject, now, other), 400, "invalid-request");
    }

    @Test
    void aWrongMissingOrStaleSignatureIs401() {
        String body = "{\"a\": 1}";
        long now = Instant.now().getEpochSecond();
        assertRefused(send("{\"a\": 2}", now, sign(body, now)));
        assertRefused(send(body, now + 1, sign(body, now)));
        assertRefused(send(body, now, "sha256=" + "0".repeat(64)));
        assertRefused(send(body, now, "md5=abc"));
        assertRefused(send(body, now, "sha256=zz"));
        assertRefused(http().post(URL, body));
        assertRefused(http().post(URL, body, WebhookSignatures.SIGNATURE_HEADER, sign(body, now)));
        assertRefused(http().post(URL, body, WebhookSignatures.TIMESTAMP_HEADER, "yesterday", WebhookSignatures.SIGNATURE_HEADER,
                sign(body, now)));
        long stale = now - 120;
        Http.Response old = send(body, stale, sign(body, stale));
        assertRefused(old);
        assertThat(old.detail()).contains("at most 60 s");
        long future = now + 120;
        assertRefused(send(body, future, sign(body, future)));
        assertRefused(http().post(URL, body, "Authorization", "Bearer " + FIN_OPERATOR));
    }

    @Test
    void aSignedWebhookWhoseSecretIsNotSetRefusesEverything() {
        assertProblem(http().post("/v1/pipelines/no-secret/webhook", "{}"), 503, "webhook-unavailable");
    }

    @Test
    void anUnsignedWebhookIsAStartThatNeedsAnOperatorKey() {
        assertProblem(http().post("/v1/pipelines/fin-orders/webhook", "{}"), 401, "unauthorized");
        assertProblem(http().post("/v1/pipelines/fin-orders/webhook", "{}", as(FIN_READER)), 403, "forbidden");
        assertThat(http().post("/v1/pipelines/fin-orders/webhook", "{\"x\": 1}", as(FIN_OPERATOR)).status()).isEqualTo(201);
    }
}
