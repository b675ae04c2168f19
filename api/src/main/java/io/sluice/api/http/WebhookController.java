package io.sluice.api.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.api.port.Pipelines;
import io.sluice.api.tenant.Caller;
import io.sluice.api.webhook.WebhookGate;
import io.sluice.api.webhook.WebhookSignatures;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /v1/pipelines/{id}/webhook}: the body (a JSON object) is the input, as a third party
 * sends it. A pipeline whose options name a webhook secret takes only requests signed with it
 * ({@link WebhookSignatures}), each once; no API key is needed then. Any other pipeline's webhook is
 * an ordinary start: it needs an operator key when tenants are configured. {@code X-Sluice-Delivery},
 * when sent, names the execution, so a sender retrying a delivery starts one run.
 */
@RestController
class WebhookController {
    static final String DELIVERY_HEADER = "X-Sluice-Delivery";
    private static final Logger LOG = LoggerFactory.getLogger(WebhookController.class);
    private static final String CHALLENGE = "Signature realm=\"sluice-webhook\", headers=\"" + WebhookSignatures.TIMESTAMP_HEADER + " "
            + WebhookSignatures.SIGNATURE_HEADER + "\"";

    private final Pipelines pipelines;
    private final ApiAuthenticator authenticator;
    private final WebhookGate gate;
    private final WebhookSecrets secrets;
    private final ExecutionStarts starts;

    WebhookController(Pipelines pipelines, ApiAuthenticator authenticator, WebhookGate gate, WebhookSecrets secrets,
                      ExecutionStarts starts) {
        this.pipelines = pipelines;
        this.authenticator = authenticator;
        this.gate = gate;
        this.secrets = secrets;
        this.starts = starts;
    }

    @PostMapping("/v1/pipelines/{id}/webhook")
    ResponseEntity<?> receive(@PathVariable String id, HttpServletRequest http) {
        byte[] body = bytes(http);
        Pipelines.Options parsed = pipelines.options(id);
        Pipelines.Webhook signed = parsed.declared() == null ? null : parsed.declared().webhook();
        if (signed == null) {
            Caller caller = authenticator.authenticate(http);
            if (!caller.sees(id)) {
                return starts.noPipeline(caller, id);
            }
            if (parsed.declared() == null) {
                return ApiProblems.of(HttpStatus.UNPROCESSABLE_ENTITY, ApiProblems.PIPELINE_INVALID, "Pipeline options invalid",
                        "The webhook of '" + id + "' is closed until its options file is fixed: "
                                + String.join("; ", parsed.problems().stream().map(Pipelines.Problem::text).toList()), Map.of());
            }
            return start(caller, id, http, body);
        }
        WebhookGate.Decision decision = checkSignature(id, signed, http, body);
        if (!(decision instanceof WebhookGate.Decision.Accepted accepted)) {
            return refusal(decision);
        }
        // The signature proves the sender holds this pipeline's secret. Only an accepted start uses the request up:
        // a sender retries what failed, and that retry must not be answered as a replay.
        ResponseEntity<?> response;
        try {
            response = start(new Caller.Local(), id, http, body);
        } catch (RuntimeException e) {
            gate.release(accepted);
            throw e;
        }
        if (!response.getStatusCode().is2xxSuccessful()) {
            gate.release(accepted);
        }
        return response;
    }

    private ResponseEntity<?> start(Caller caller, String id, HttpServletRequest http, byte[] body) {
        JsonNode input = RequestJson.object(new String(body, StandardCharsets.UTF_8));
        return starts.start(caller, id, StartRequest.ofInput(http.getHeader(DELIVERY_HEADER), input));
    }

    private WebhookGate.Decision checkSignature(String id, Pipelines.Webhook signed, HttpServletRequest http, byte[] body) {
        Optional<byte[]> secret = secrets.find(signed.secret());
        if (secret.isEmpty()) {
            LOG.error("the webhook of pipeline '{}' is signed with secret '{}', which is not set; requests are refused", id, signed.secret());
            return null;
        }
        return gate.check(id, secret.get(), signed.tolerance(), http.getHeader(WebhookSignatures.TIMESTAMP_HEADER),
                http.getHeader(WebhookSignatures.SIGNATURE_HEADER), body);
    }

    /** The answer to a request the gate did not let through; {@code null}: the secret is not set. */
    private static ResponseEntity<?> refusal(WebhookGate.Decision decision) {
        return switch (decision) {
            case null -> ApiProblems.of(HttpStatus.SERVICE_UNAVAILABLE, ApiProblems.WEBHOOK_UNAVAILABLE, "Webhook unavailable",
                    "This webhook cannot check signatures now: its secret is not configured on the server.", Map.of());
            case WebhookGate.Decision.Unauthorized u -> new ApiProblems.Unauthorized(u.reason(), CHALLENGE).response();
            case WebhookGate.Decision.Replayed r -> ApiProblems.of(HttpStatus.CONFLICT, ApiProblems.REPLAYED, "Replayed request",
                    r.reason(), Map.of());
            case WebhookGate.Decision.Accepted a -> throw new IllegalArgumentException("an accepted request is no refusal");
        };
    }

    private static byte[] bytes(HttpServletRequest http) {
        try {
            return http.getInputStream().readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("could not read the request body", e);
        }
    }
}
