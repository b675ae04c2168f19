package io.sluice.api.sfn;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/**
 * A {@code nextToken}: where the next page starts in a listing, opaque to the caller. It names the listing it is for,
 * so a token of one listing handed to another is refused rather than read as an offset into it.
 */
final class PageToken {
    private PageToken() {}

    record Page<T>(List<T> items, String nextToken) {}

    /** The page of {@code all} that {@code token} (or the start, for {@code null}) begins. */
    static <T> Page<T> page(List<T> all, String token, int size, String listing) {
        int from = token == null ? 0 : offset(token, listing);
        int to = Math.min(all.size(), from + size);
        List<T> items = from >= all.size() ? List.of() : all.subList(from, to);
        return new Page<>(items, to < all.size() ? encode(to, listing) : null);
    }

    static String encode(int offset, String listing) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString((listing + "\n" + offset).getBytes(StandardCharsets.UTF_8));
    }

    static int offset(String token, String listing) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            int nl = text.lastIndexOf('\n');
            if (nl < 0 || !text.substring(0, nl).equals(listing)) {
                throw new IllegalArgumentException();
            }
            int offset = Integer.parseInt(text.substring(nl + 1));
            if (offset < 0) {
                throw new IllegalArgumentException();
            }
            return offset;
        } catch (IllegalArgumentException e) {
            throw SfnError.INVALID_TOKEN.with("Invalid Token: the nextToken is not one this listing handed out; start again without it.");
        }
    }
}
