package io.sluice.api.sfn;

import io.sluice.api.tenant.Caller;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signature Version 4, as the service checks it: the request's {@code Authorization} header names an access key, the
 * headers it signed and its signature; the signature is computed again here with that key's secret over the canonical
 * request and must match (compared in constant time). A request dated more than 15 minutes from this server's clock is
 * refused, as the service refuses it, so a captured request cannot be replayed later.
 */
public final class SigV4Authenticator implements SfnApi.Authenticator {
    static final Duration SKEW = Duration.ofMinutes(15);
    private static final String ALGORITHM = "AWS4-HMAC-SHA256";
    private static final DateTimeFormatter AMZ_DATE = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    /** What an access key id stands for: the caller, and the secret its requests are signed with. */
    public record Credential(Caller caller, String secret) {}

    /** The access keys there are; empty for an unknown one. */
    @FunctionalInterface
    public interface Keys {
        Optional<Credential> find(String accessKeyId);
    }

    private record Authorization(String accessKeyId, String date, String region, String service, List<String> signedHeaders,
                                 String signature) {}

    private final Keys keys;
    private final Clock clock;

    public SigV4Authenticator(Keys keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    @Override
    public Caller authenticate(SfnRequest request) {
        String header = request.header("Authorization");
        if (header == null || header.isBlank()) {
            throw SfnError.MISSING_AUTHENTICATION_TOKEN.with("Missing Authentication Token: requests must be signed (Signature Version 4)"
                    + " with a tenant's access key.");
        }
        Authorization auth = parse(header);
        Credential credential = keys.find(auth.accessKeyId()).orElseThrow(() -> SfnError.UNRECOGNIZED_CLIENT.with(
                "The security token included in the request is invalid: no tenant has access key '" + Arns.shown(auth.accessKeyId()) + "'."));
        String amzDate = request.header("X-Amz-Date");
        if (amzDate == null) {
            throw SfnError.INCOMPLETE_SIGNATURE.with("Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header.");
        }
        Instant signedAt;
        try {
            signedAt = Instant.from(AMZ_DATE.parse(amzDate));
        } catch (DateTimeParseException e) {
            throw SfnError.INCOMPLETE_SIGNATURE.with("X-Amz-Date must be yyyyMMddTHHmmssZ; it is '" + Arns.shown(amzDate) + "'.");
        }
        Instant now = clock.instant();
        if (Duration.between(signedAt, now).abs().compareTo(SKEW) > 0) {
            throw SfnError.INVALID_SIGNATURE.with("Signature expired: " + amzDate + " is now earlier than " + AMZ_DATE.format(now.minus(SKEW))
                    + " (" + AMZ_DATE.format(now) + " - 15 min.)");
        }
        if (!amzDate.startsWith(auth.date())) {
            throw SfnError.INVALID_SIGNATURE.with("Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '"
                    + auth.date() + "' != '" + amzDate.substring(0, 8) + "'");
        }
        if (!auth.signedHeaders().contains("host")) {
            throw SfnError.INVALID_SIGNATURE.with("'Host' must be a signed header.");
        }
        String expected = signature(request, auth, amzDate, credential.secret());
        if (!MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII), auth.signature().getBytes(StandardCharsets.US_ASCII))) {
            throw SfnError.INVALID_SIGNATURE.with("The request signature we calculated does not match the signature you provided. Check your"
                    + " AWS Secret Access Key and signing method.");
        }
        return credential.caller();
    }

    private static Authorization parse(String header) {
        if (!header.startsWith(ALGORITHM + " ")) {
            throw SfnError.INCOMPLETE_SIGNATURE.with("Authorization header must use " + ALGORITHM + ".");
        }
        String credential = null;
        String signed = null;
        String signature = null;
        for (String part : header.substring(ALGORITHM.length() + 1).split(",")) {
            String p = part.strip();
            if (p.startsWith("Credential=")) {
                credential = p.substring("Credential=".length());
            } else if (p.startsWith("SignedHeaders=")) {
                signed = p.substring("SignedHeaders=".length());
            } else if (p.startsWith("Signature=")) {
                signature = p.substring("Signature=".length());
            }
        }
        String[] scope = credential == null ? new String[0] : credential.split("/");
        if (scope.length != 5 || signed == null || signature == null || !scope[4].equals("aws4_request")) {
            throw SfnError.INCOMPLETE_SIGNATURE.with("Authorization header requires 'Credential=<key>/<date>/<region>/<service>/aws4_request',"
                    + " 'SignedHeaders' and 'Signature'.");
        }
        return new Authorization(scope[0], scope[1], scope[2], scope[3], List.of(signed.toLowerCase(Locale.ROOT).split(";")), signature);
    }

    private static String signature(SfnRequest request, Authorization auth, String amzDate, String secret) {
        StringBuilder canonical = new StringBuilder();
        canonical.append(request.method()).append('\n').append(request.path().isEmpty() ? "/" : request.path()).append('\n')
                .append(canonicalQuery(request.query())).append('\n');
        for (String name : auth.signedHeaders()) {
            List<String> values = request.headers().getOrDefault(name, List.of());
            List<String> trimmed = new ArrayList<>();
            values.forEach(v -> trimmed.add(v.strip().replaceAll("\\s+", " ")));
            canonical.append(name).append(':').append(String.join(",", trimmed)).append('\n');
        }
        canonical.append('\n').append(String.join(";", auth.signedHeaders())).append('\n').append(hex(sha256(request.body())));
        String scope = auth.date() + "/" + auth.region() + "/" + auth.service() + "/aws4_request";
        String toSign = ALGORITHM + "\n" + amzDate + "\n" + scope + "\n" + hex(sha256(canonical.toString().getBytes(StandardCharsets.UTF_8)));
        byte[] key = hmac(("AWS4" + secret).getBytes(StandardCharsets.UTF_8), auth.date());
        key = hmac(key, auth.region());
        key = hmac(key, auth.service());
        key = hmac(key, "aws4_request");
        return hex(hmac(key, toSign));
    }

    /** The query as the SDKs sign it: parameters sorted by name, then value (they send none to this API). */
    private static String canonicalQuery(String query) {
        if (query == null || query.isEmpty()) {
            return "";
        }
        List<String> params = new ArrayList<>(List.of(query.split("&")));
        params.replaceAll(p -> p.contains("=") ? p : p + "=");
        params.sort(null);
        return String.join("&", params);
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] hmac(byte[] key, String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
