package io.sluice.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.orchestration.port.AlertBook;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The alert book's promises (AlertBook's javadoc) on whichever server {@link #redis()} gives: one node
 * ({@link RedisAlertBookTest}) or the loopback Redis Cluster ({@link RedisAlertBookClusterTest}), where its escalation
 * script must stay in one slot.
 */
abstract class RedisAlertBookCases {
    private static final Instant T = Instant.parse("2026-12-05T00:00:00Z");

    abstract RedisScope redis();

    private AlertBook book() {
        return new RedisAlertBook(redis().client(), redis().prefix());
    }

    @Test
    void aWaitingAlertIsOverdueAtItsDeadlineAndEscalatesOncePerDeadline() {
        AlertBook book = book();
        book.awaitAck("incident-1", "disk full", T.plusSeconds(60));
        book.awaitAck("incident-1", "a second call changes nothing", T.plusSeconds(999));

        assertThat(book.overdue(T.plusSeconds(59), 10)).isEmpty();
        assertThat(book.overdue(T.plusSeconds(60), 10)).singleElement()
                .satisfies(p -> assertThat(p.alert()).isEqualTo("disk full"));

        assertThat(book.escalated("incident-1", T.plusSeconds(60), T.plusSeconds(120), 1)).isTrue();
        assertThat(book.escalated("incident-1", T.plusSeconds(60), T.plusSeconds(180), 1)).as("that deadline moved already").isFalse();
        assertThat(book.overdue(T.plusSeconds(119), 10)).isEmpty();
        assertThat(book.overdue(T.plusSeconds(120), 10)).singleElement().satisfies(p -> assertThat(p.escalations()).isEqualTo(1));
    }

    @Test
    void anAcknowledgedAlertIsNoLongerOverdue() {
        AlertBook book = book();
        book.awaitAck("incident-2", "queue backing up", T);

        assertThat(book.acknowledge("incident-2")).isTrue();
        assertThat(book.acknowledge("incident-2")).isFalse();
        assertThat(book.overdue(T.plusSeconds(3600), 10)).isEmpty();
    }

    @Test
    void theDigestIsTakenInTheOrderItWasAddedAndOnlyOnce() {
        AlertBook book = book();
        book.addToDigest("a");
        book.addToDigest("b");
        book.addToDigest("c");

        assertThat(book.takeDigest(2)).containsExactly("a", "b");
        assertThat(book.takeDigest(10)).containsExactly("c");
        assertThat(book.takeDigest(10)).isEmpty();
    }
}
