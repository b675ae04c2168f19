package io.sluice.api.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testkit.fake.InMemoryReplayGuard;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class WebhookSignaturesTest {
    private static final byte[] SECRET = "s3cret".getBytes(StandardCharsets.UTF_8);
    private static final byte[] BODY = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
    private static final Duration WINDOW = Duration.ofMinutes(5);

    private static WebhookSignatures.Verdict verify(String timestamp, String signature, byte[] body) {
        return WebhookSignatures.verify(SECRET, "p", timestamp, signature, body, NOW, WINDOW);
    }

    @Test
    void theSignatureIsTheHmacOfTimestampDotPipelineDotBody() {
        long ts = NOW.getEpochSecond();
        // openssl: printf '%s' '1796040000.p.{"a":1}' | openssl dgst -sha256 -hmac s3cret
        assertThat(WebhookSignatures.sign(SECRET, ts, "p", BODY))
                .isEqualTo("sha256=adf9e9ad539d15941c28a8f8101234af090c819ba79868a2c6ce55dd515e81cd");
        assertThat(verify(Long.toString(ts), WebhookSignatures.sign(SECRET, ts, "p", BODY), BODY))
                .isInstanceOf(WebhookSignatures.Verdict.Valid.class);
    }

    @Test
    void anythingElseIsRefusedWithAReason() {
        long ts = NOW.getEpochSecond();
        String good = WebhookSignatures.sign(SECRET, ts, "p", BODY);
        assertThat(verify(null, good, BODY)).isInstanceOf(WebhookSignatures.Verdict.Refused.class);
        assertThat(verify(Long.toString(ts), null, BODY)).isInstanceOf(WebhookSignatures.Verdict.Refused.class);
        assertThat(verify("soon", good, BODY)).isInstanceOf(WebhookSignatures.Verdict.Refused.class);
        assertThat(verify(Long.toString(ts), good, "{\"a\":2}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(WebhookSignatures.Verdict.Refused.class);
        assertThat(verify(Long.toString(ts), good.toUpperCase().replace("SHA256=", "sha256="), BODY))
                .as("hex case does not matter").isInstanceOf(WebhookSignatures.Verdict.Valid.class);
        long edge = ts - WINDOW.toSeconds();
        assertThat(verify(Long.toString(edge), WebhookSignatures.sign(SECRET, edge, "p", BODY), BODY)).isInstanceOf(WebhookSignatures.Verdict.Valid.class);
        long outside = edge - 1;
        assertThat(verify(Long.toString(outside), WebhookSignatures.sign(SECRET, outside, "p", BODY), BODY))
                .isInstanceOfSatisfying(WebhookSignatures.Verdict.Refused.class, r -> assertThat(r.reason()).contains("301 s"));
    }

    @Test
    void theGateLetsAValidRequestThroughOnce() {
        WebhookGate gate = new WebhookGate(new InMemoryReplayGuard(), Clock.fixed(NOW, ZoneOffset.UTC));
        long ts = NOW.getEpochSecond();
        String sig = WebhookSignatures.sign(SECRET, ts, "p", BODY);
        WebhookGate.Decision first = gate.check("p", SECRET, WINDOW, Long.toString(ts), sig, BODY);
        assertThat(first).isInstanceOf(WebhookGate.Decision.Accepted.class);
        assertThat(gate.check("p", SECRET, WINDOW, Long.toString(ts), sig, BODY)).isInstanceOf(WebhookGate.Decision.Replayed.class);
        assertThat(gate.check("other", SECRET, WINDOW, Long.toString(ts), sig, BODY)).as("signed for 'p' only")
                .isInstanceOf(WebhookGate.Decision.Unauthorized.class);
        String forQ = WebhookSignatures.sign(SECRET, ts, "q", BODY);
        assertThat(gate.check("q", SECRET, WINDOW, Long.toString(ts), "sha256=00", BODY)).isInstanceOf(WebhookGate.Decision.Unauthorized.class);
        assertThat(gate.check("q", SECRET, WINDOW, Long.toString(ts), forQ, BODY)).as("a refused request marked nothing")
                .isInstanceOf(WebhookGate.Decision.Accepted.class);
        gate.release((WebhookGate.Decision.Accepted) first);
        assertThat(gate.check("p", SECRET, WINDOW, Long.toString(ts), sig, BODY)).as("released: its start failed")
                .isInstanceOf(WebhookGate.Decision.Accepted.class);
    }
}
