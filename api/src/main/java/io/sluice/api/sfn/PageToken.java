package io.sluice.api.sfn;

import io.sluice.api.page.PageTokens;
import io.sluice.orchestration.port.ExecutionCursor;
import java.util.List;

/**
 * A {@code nextToken}: where the next page starts in a listing, opaque to the caller ({@link PageTokens}). It is bound to
 * the listing it is for, so a token of one listing handed to another, or an edited one, is refused with
 * {@code InvalidToken} (HTTP 400), the error the Step Functions API reference names for a token it will not take: "Using an
 * expired pagination token will return an HTTP 400 InvalidToken error" (ListExecutions, {@code nextToken},
 * https://docs.aws.amazon.com/step-functions/latest/apireference/API_ListExecutions.html). Tokens expire a day
 * after they were handed out, as AWS's do.
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
        return PageTokens.encode(listing, Integer.toString(offset));
    }

    static int offset(String token, String listing) {
        String position = PageTokens.position(token, listing).filter(p -> p.matches("[0-9]{1,9}")).orElseThrow(PageToken::invalid);
        return Integer.parseInt(position);
    }

    /** The token of the page after {@code cursor} of an execution listing. */
    static String encode(ExecutionCursor cursor, String listing) {
        return PageTokens.encode(listing, cursor.text());
    }

    /** The store cursor {@code token} holds, if a page of {@code listing} handed it out. */
    static ExecutionCursor cursor(String token, String listing) {
        return PageTokens.position(token, listing).flatMap(ExecutionCursor::parse).orElseThrow(PageToken::invalid);
    }

    private static SfnException invalid() {
        return SfnError.INVALID_TOKEN.with("Invalid Token: the nextToken is not one this listing handed out in the last 24 hours; start again without it.");
    }
}
