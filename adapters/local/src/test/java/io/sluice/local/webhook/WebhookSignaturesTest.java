package io.sluice.local.webhook;

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
        return WebhookSignatures.verify(SECRET, timestamp, signature, body, NOW, WINDOW);
    }

    @Test
    void theSignatureIsTheHmacOfTimestampDotBody() {
        long ts = NOW.getEpochSecond();
        // openssl: printf '%s' '1796040000.{"a":1}' | openssl dgst -sha256 -hmac s3cret
        assertThat(WebhookSignatures.sign(SECRET, ts, BODY))
                .isEqualTo("sha256=f05d07f110e4119040adcddacfc642ceccb9e6a0bd3dccea4c00a16a857d0fd5");
        assertThat(verify(Long.toString(ts), WebhookSignatures.sign(SECRET, ts, BODY), BODY))
                .isInstanceOf(WebhookSignatures.Verdict.Valid.class);
    }

    @Test
    void anythingElseIsRefusedWithAReason() {
        long ts = NOW.getEpochSecond();
        String good = WebhookSignatures.sign(SECRET, ts, BODY);
        assertThat(verify(null, good, BODY)).isInstanceOf(WebhookSignatures.Verdict.Refused.class);
        assertThat(verify(Long.toString(ts), null, BODY)).isInstanceOf(WebhookSignatures.Verdict.Refused.class);
        assertThat(verify("soon", good, BODY)).isInstanceOf(WebhookSignatures.Verdict.Refused.class);
        assertThat(verify(Long.toString(ts), good, "{\"a\":2}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(WebhookSignatures.Verdict.Refused.class);
        assertThat(verify(Long.toString(ts), good.toUpperCase().replace("SHA256=", "sha256="), BODY))
                .as("hex case does not matter").isInstanceOf(WebhookSignatures.Verdict.Valid.class);
        long edge = ts - WINDOW.toSeconds();
        assertThat(verify(Long.toString(edge), WebhookSignatures.sign(SECRET, edge, BODY), BODY)).isInstanceOf(WebhookSignatures.Verdict.Valid.class);
        long outside = edge - 1;
        assertThat(verify(Long.toString(outside), WebhookSignatures.sign(SECRET, outside, BODY), BODY))
                .isInstanceOfSatisfying(WebhookSignatures.Verdict.Refused.class, r -> assertThat(r.reason()).contains("301 s"));
    }

    @Test
    void theGateLetsAValidRequestThroughOnce() {
        WebhookGate gate = new WebhookGate(new InMemoryReplayGuard(), Clock.fixed(NOW, ZoneOffset.UTC));
        long ts = NOW.getEpochSecond();
        String sig = WebhookSignatures.sign(SECRET, ts, BODY);
        assertThat(gate.check("p", SECRET, WINDOW, Long.toString(ts), sig, BODY)).isInstanceOf(WebhookGate.Decision.Accepted.class);
        assertThat(gate.check("p", SECRET, WINDOW, Long.toString(ts), sig, BODY)).isInstanceOf(WebhookGate.Decision.Replayed.class);
        assertThat(gate.check("other", SECRET, WINDOW, Long.toString(ts), sig, BODY)).as("per pipeline")
                .isInstanceOf(WebhookGate.Decision.Accepted.class);
        assertThat(gate.check("q", SECRET, WINDOW, Long.toString(ts), "sha256=00", BODY)).isInstanceOf(WebhookGate.Decision.Unauthorized.class);
        assertThat(gate.check("q", SECRET, WINDOW, Long.toString(ts), sig, BODY)).as("a refused request marked nothing")
                .isInstanceOf(WebhookGate.Decision.Accepted.class);
    }
}
