package io.sluice.parity;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.orchestration.json.Json;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The signed-webhook case: {@code POST /v1/pipelines/{id}/webhook} of a pipeline whose options file names a signing secret,
 * sent as a third party following docs/local-runtime.md ("Webhooks") sends it: {@code X-Sluice-Timestamp} (Unix seconds)
 * and {@code X-Sluice-Signature: sha256=<hex HMAC-SHA256 of timestamp + "." + pipeline id + "." + body>}, computed here
 * from that description, not with the server's own code. In order, each answered as {@code expect} says: unsigned, signed
 * with another secret, signed an hour ago (outside the tolerance), signed correctly (it starts the run, so none of the
 * refused requests did), and the signed request once more (a replay). The run ends as expected, its input the body.
 */
final class SignedWebhookCase {
    private static final String[] REFUSALS = {"unsigned", "otherSecret", "stale"};

    private final ParityHost host;
    private final Map<String, ParityBundle.WebhookSecret> secrets;

    SignedWebhookCase(ParityHost host, Map<String, ParityBundle.WebhookSecret> secrets) {
        this.host = host;
        this.secrets = secrets;
    }

    /** The first difference, or {@code null}; {@code awaitEnd} waits for a run's end (pumping the host). */
    String run(String name, JsonNode spec, Function<String, JsonNode> awaitEnd) {
        String pipeline = spec.path("pipeline").asText();
        ParityBundle.WebhookSecret secret = secrets.get(pipeline);
        if (secret == null) {
            return pipeline + " has no signed webhook: its options file names no webhook secret";
        }
        String path = "/v1/pipelines/" + pipeline + "/webhook";
        String body = Json.write(spec.path("input"));
        String delivery = name + "-" + UUID.randomUUID().toString().substring(0, 8);
        long now = Instant.now().getEpochSecond();
        JsonNode expect = spec.path("expect");
        Map<String, Map<String, String>> refused = new LinkedHashMap<>();
        refused.put("unsigned", Map.of("X-Sluice-Delivery", delivery));
        refused.put("otherSecret", signed(delivery, "not-" + secret.value(), now, pipeline, body));
        refused.put("stale", signed(delivery, secret.value(), now - 3600, pipeline, body));
        for (String request : REFUSALS) {
            ParityHost.Answer a = host.api("POST", path, body, refused.get(request));
            if (a.status() != expect.path(request).asInt()) {
                return "the " + request + " webhook request answered " + a.status() + " " + a.body() + ", expected " + expect.path(request).asInt();
            }
        }
        Map<String, String> headers = signed(delivery, secret.value(), now, pipeline, body);
        ParityHost.Answer started = host.api("POST", path, body, headers);
        String id = started.body().path("executionId").asText("");
        if (started.status() != expect.path("signed").asInt() || id.isEmpty()) {
            return "the signed webhook request answered " + started.status() + " " + started.body() + ", expected "
                    + expect.path("signed").asInt() + " with the executionId";
        }
        ParityHost.Answer replayed = host.api("POST", path, body, headers);
        if (replayed.status() != expect.path("replayed").asInt()) {
            return "the signed request sent again answered " + replayed.status() + " " + replayed.body() + ", expected "
                    + expect.path("replayed").asInt();
        }
        return ParityRunner.compareEnd(awaitEnd.apply(id), expect);
    }

    private static Map<String, String> signed(String delivery, String secret, long timestamp, String pipeline, String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            byte[] signature = mac.doFinal((timestamp + "." + pipeline + "." + body).getBytes(StandardCharsets.UTF_8));
            return Map.of("X-Sluice-Delivery", delivery, "X-Sluice-Timestamp", String.valueOf(timestamp),
                    "X-Sluice-Signature", "sha256=" + HexFormat.of().formatHex(signature));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has HmacSHA256", e);
        }
    }
}
