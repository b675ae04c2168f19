package io.sluice.api.page;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;

/**
 * The API's page tokens: where the next page of a listing starts ({@code position}, an offset or an
 * {@link io.sluice.orchestration.port.ExecutionCursor}'s text), opaque to the caller and bound to the listing that handed
 * it out. A token carries its position and a check over the position and the listing's description (its filters and
 * order), so a token of another listing, or one edited or cut short, is refused instead of being read as a position in
 * this one. The check is a digest, not a signature: whoever forges one can only choose where, in a listing the API still
 * filters by what the caller may see, a page starts.
 */
public final class PageTokens {
    private static final String VERSION = "p1";
    private static final int CHECK_BYTES = 12;

    private PageTokens() {}

    public static String encode(String listing, String position) {
        if (position.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a page position is one line");
        }
        String body = VERSION + "\n" + position;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(
                (body + "\n" + Base64.getUrlEncoder().withoutPadding().encodeToString(check(listing, position))).getBytes(StandardCharsets.UTF_8));
    }

    /** The position {@code token} holds if a page of {@code listing} handed it out; empty for any other text. */
    public static Optional<String> position(String token, String listing) {
        try {
            String[] parts = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8).split("\n", -1);
            if (parts.length != 3 || !parts[0].equals(VERSION)) {
                return Optional.empty();
            }
            byte[] given = Base64.getUrlDecoder().decode(parts[2]);
            return MessageDigest.isEqual(given, check(listing, parts[1])) ? Optional.of(parts[1]) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static byte[] check(String listing, String position) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(listing.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            return Arrays.copyOf(sha.digest(position.getBytes(StandardCharsets.UTF_8)), CHECK_BYTES);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
