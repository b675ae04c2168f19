package io.sluice.api.webhook;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signed webhook requests: {@code X-Sluice-Signature: sha256=<hex>} is the HMAC-SHA256, under the
 * pipeline's webhook secret, of {@code <X-Sluice-Timestamp> + "." + <pipeline id> + "." + <raw body>},
 * the timestamp being Unix seconds. Signing the timestamp with the body means an old request cannot be
 * re-sent with a fresh timestamp; signing the pipeline means a request signed for one pipeline is no
 * good for another that shares the secret. The tolerance window bounds how long a captured request
 * stays valid, and the replay guard refuses it within that window. The signature is compared in
 * constant time.
 */
public final class WebhookSignatures {
    public static final String TIMESTAMP_HEADER = "X-Sluice-Timestamp";
    public static final String SIGNATURE_HEADER = "X-Sluice-Signature";
    private static final String SCHEME = "sha256=";

    private WebhookSignatures() {}

    /** What checking one request found. */
    public sealed interface Verdict {
        /** Signed by the secret within the window; {@code signature} identifies it for the replay guard. */
        record Valid(String signature) implements Verdict {}

        /** Not acceptable; {@code reason} is a sentence for the sender. */
        record Refused(String reason) implements Verdict {}
    }

    /** The header value for {@code body} sent to {@code pipeline} at {@code timestamp}: {@code sha256=<64 hex digits>}. */
    public static String sign(byte[] secret, long timestamp, String pipeline, byte[] body) {
        return SCHEME + HexFormat.of().formatHex(mac(secret, timestamp, pipeline, body));
    }

    public static Verdict verify(byte[] secret, String pipeline, String timestamp, String signature, byte[] body, Instant now,
                                 Duration tolerance) {
        if (timestamp == null || signature == null) {
            return new Verdict.Refused("This webhook needs the headers " + TIMESTAMP_HEADER + " (Unix seconds) and " + SIGNATURE_HEADER
                    + " (sha256=<hex HMAC-SHA256 of timestamp + \".\" + pipeline id + \".\" + body>).");
        }
        long seconds;
        try {
            seconds = Long.parseLong(timestamp.strip());
        } catch (NumberFormatException e) {
            return new Verdict.Refused(TIMESTAMP_HEADER + ": expected Unix seconds, got '" + shown(timestamp) + "'.");
        }
        long skew = Math.abs(now.getEpochSecond() - seconds);
        if (skew > tolerance.toSeconds()) {
            return new Verdict.Refused(TIMESTAMP_HEADER + " is " + skew + " s away from the server's clock; at most "
                    + tolerance.toSeconds() + " s is accepted. Sign each request when it is sent.");
        }
        String s = signature.strip();
        byte[] presented;
        try {
            presented = s.startsWith(SCHEME) ? HexFormat.of().parseHex(s.substring(SCHEME.length())) : null;
        } catch (IllegalArgumentException e) {
            presented = null;
        }
        if (presented == null) {
            return new Verdict.Refused(SIGNATURE_HEADER + ": expected sha256=<64 hex digits>.");
        }
        if (!MessageDigest.isEqual(presented, mac(secret, seconds, pipeline, body))) {
            return new Verdict.Refused(SIGNATURE_HEADER + " does not match timestamp, pipeline id and body under this pipeline's "
                    + "webhook secret (signed: timestamp + \".\" + pipeline id + \".\" + body).");
        }
        return new Verdict.Valid(HexFormat.of().formatHex(presented));
    }

    private static byte[] mac(byte[] secret, long timestamp, String pipeline, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            // Ids may hold '.', but a body the webhook takes is a JSON object (it starts with '{' or white space, which
            // no id holds), so no other (id, body) pair that would be accepted signs the same text.
            mac.update((timestamp + "." + pipeline + ".").getBytes(StandardCharsets.UTF_8));
            return mac.doFinal(body);
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("every Java runtime has HmacSHA256", e);
        }
    }

    private static String shown(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
