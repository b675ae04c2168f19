package io.sluice.api.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/**
 * Page tokens round-trip within their listing and expire a day after they were handed out, as Step Functions' do: "Each
 * pagination token expires after 24 hours. Using an expired pagination token will return an HTTP 400 InvalidToken error"
 * (https://docs.aws.amazon.com/step-functions/latest/apireference/API_ListExecutions.html, {@code nextToken}).
 */
class PageTokensTest {
    private static final Instant ISSUED = Instant.parse("2026-12-05T10:00:00Z");

    @Test
    void aTokenGivesBackItsPositionInItsOwnListingForADay() {
        String token = PageTokens.encode("executions|orders", "1700000000000:abc", ISSUED);

        assertThat(PageTokens.position(token, "executions|orders", ISSUED)).contains("1700000000000:abc");
        assertThat(PageTokens.position(token, "executions|orders", ISSUED.plus(Duration.ofHours(23).plusMinutes(59))))
                .contains("1700000000000:abc");
        assertThat(PageTokens.position(token, "executions|other", ISSUED)).as("another listing's token").isEmpty();
    }

    @Test
    void aTokenExpiresTwentyFourHoursAfterItWasHandedOut() {
        String token = PageTokens.encode("executions|orders", "100", ISSUED);

        assertThat(PageTokens.position(token, "executions|orders", ISSUED.plus(PageTokens.LIFETIME))).isEmpty();
        assertThat(PageTokens.position(token, "executions|orders", ISSUED.plus(Duration.ofDays(3)))).isEmpty();
    }

    @Test
    void anEditedIssueTimeIsRefusedSoATokenCannotBeMadeYoungAgain() {
        String token = PageTokens.encode("executions|orders", "100", ISSUED);
        String[] parts = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8).split("\n", -1);
        parts[1] = Long.toString(ISSUED.plus(Duration.ofDays(2)).getEpochSecond());
        String edited = Base64.getUrlEncoder().withoutPadding().encodeToString(String.join("\n", parts).getBytes(StandardCharsets.UTF_8));

        assertThat(PageTokens.position(edited, "executions|orders", ISSUED.plus(Duration.ofDays(1).plusHours(1)))).isEmpty();
        assertThat(PageTokens.position("not a token", "executions|orders", ISSUED)).isEmpty();
    }
}
