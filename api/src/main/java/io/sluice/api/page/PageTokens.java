package io.sluice.api.page;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;

/**
 * The API's page tokens: where the next page of a listing starts ({@code position}, an offset or an
 * {@link io.sluice.orchestration.port.ExecutionCursor}'s text), opaque to the caller and bound to the listing that handed
 * it out. A token carries its position, when it was handed out, and a check over both and the listing's description (its
 * filters and order), so a token of another listing, or one edited or cut short, is refused instead of being read as a
 * position in this one. The check is a digest, not a signature: whoever forges one can only choose where, in a listing
 * the API still filters by what the caller may see, a page starts.
 *
 * <p>A token expires {@link #LIFETIME} after it was handed out, as Step Functions' do: "Each pagination token expires
 * after 24 hours. Using an expired pagination token will return an HTTP 400 InvalidToken error" (ListExecutions,
 * {@code nextToken}, https://docs.aws.amazon.com/step-functions/latest/apireference/API_ListExecutions.html).
 */
public final class PageTokens {
    /** How long a token is good for. */
    public static final Duration LIFETIME = Duration.ofHours(24);
    private static final String VERSION = "p2";
    private static final int CHECK_BYTES = 12;

    private PageTokens() {}

    /** {@link #encode(String, String, Instant)} now, by the system's clock: for the listings that hand in no clock. */
    public static String encode(String listing, String position) {
        return encode(listing, position, io.sluice.functions.time.SystemTime.CLOCK.instant());
    }

    /** The token for {@code position} of {@code listing}, handed out at {@code now}. */
    public static String encode(String listing, String position, Instant now) {
        if (position.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a page position is one line");
        }
        String issued = Long.toString(now.getEpochSecond());
        String body = VERSION + "\n" + issued + "\n" + position;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(
                (body + "\n" + Base64.getUrlEncoder().withoutPadding().encodeToString(check(listing, issued, position)))
                        .getBytes(StandardCharsets.UTF_8));
    }

    /** The position {@code token} holds if a page of {@code listing} handed it out less than a day ago; empty otherwise. */
    public static Optional<String> position(String token, String listing) {
        return position(token, listing, io.sluice.functions.time.SystemTime.CLOCK.instant());
    }

    /** The position {@code token} holds if a page of {@code listing} handed it out within {@link #LIFETIME} of {@code now}. */
    public static Optional<String> position(String token, String listing, Instant now) {
        try {
            String[] parts = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8).split("\n", -1);
            if (parts.length != 4 || !parts[0].equals(VERSION) || !parts[1].matches("[0-9]{1,12}")) {
                return Optional.empty();
            }
            byte[] given = Base64.getUrlDecoder().decode(parts[3]);
            if (!MessageDigest.isEqual(given, check(listing, parts[1], parts[2]))) {
                return Optional.empty();
            }
            Instant issued = Instant.ofEpochSecond(Long.parseLong(parts[1]));
            return now.isBefore(issued.plus(LIFETIME)) ? Optional.of(parts[2]) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static byte[] check(String listing, String issued, String position) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(listing.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            sha.update(issued.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            return Arrays.copyOf(sha.digest(position.getBytes(StandardCharsets.UTF_8)), CHECK_BYTES);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
