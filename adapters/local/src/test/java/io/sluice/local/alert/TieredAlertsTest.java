package io.sluice.local.alert;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.functions.alert.AlertTier;
import io.sluice.functions.alert.OncePerIncident;
import io.sluice.functions.alert.TieredAlerts;
import io.sluice.functions.priority.Priority;
import io.sluice.orchestration.port.AlertSink.Alert;
import io.sluice.orchestration.port.AlertSink.Severity;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisAlertBook;
import io.sluice.redis.SluiceRedisProperties;
import io.sluice.testkit.fake.RecordingAlertSink;
import io.sluice.testkit.redis.RedisCleanup;
import io.sluice.testkit.redis.RedisTestServer;
import io.sluice.testkit.time.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Alerts by tier, on the real Redis (the alert book and the once-per-incident claims) and a clock the test moves. */
class TieredAlertsTest {
    private static final Instant T0 = Instant.parse("2026-12-01T08:00:00Z");
    private static final TieredAlerts.Settings SETTINGS = new TieredAlerts.Settings(Duration.ofMinutes(15), 2, Duration.ofHours(1));

    private final String url = RedisTestServer.shared().url();
    private final String prefix = "sluice-test:alert-tiers:" + UUID.randomUUID();
    private final ManualClock clock = new ManualClock(T0);
    private final RecordingAlertSink pager = new RecordingAlertSink();
    private final RecordingAlertSink sink = new RecordingAlertSink();
    private RedisAdapters redis;
    private TieredAlerts tiers;

    @BeforeEach
    void open() {
        redis = RedisAdapters.open(SluiceRedisProperties.of(url).withKeyPrefix(prefix));
        tiers = tiers();
    }

    /** Each guard's own draws (a claim owner per firing), as every process has. */
    private long seed;

    /** Another process's view: the same Redis, its own object. */
    private TieredAlerts tiers() {
        return new TieredAlerts(pager, sink, new RedisAlertBook(redis.redisson(), prefix),
                s -> new OncePerIncident(s, redis.idempotencyStore(), clock, Duration.ofHours(1), Duration.ofSeconds(30), "test",
                        io.sluice.orchestration.path.RandomSource.seeded(++seed)), clock, SETTINGS);
    }

    @AfterEach
    void close() {
        redis.close();
        RedisCleanup.delete(url, prefix);
    }

    private static Alert alert(String key) {
        return new Alert(key, Severity.ERROR, "Pipeline 'orders' execution '" + key + "' FAILED", "cause");
    }

    static Stream<Arguments> table() {
        // priority, tier, pages at once, sink alerts at once, in the digest after an hour
        return Stream.of(
                Arguments.of(Priority.P0, AlertTier.PAGE, 1, 0, 0),
                Arguments.of(Priority.P1, AlertTier.ACKNOWLEDGE, 0, 1, 0),
                Arguments.of(Priority.P2, AlertTier.DIGEST, 0, 0, 1),
                Arguments.of(Priority.P3, AlertTier.DIGEST, 0, 0, 1));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("table")
    void eachPriorityGoesToItsTierOncePerIncident(Priority priority, AlertTier tier, int pages, int alerts, int digested) {
        assertThat(tiers.fire(alert("e1"), priority)).isEqualTo(tier);
        assertThat(tiers.fire(alert("e1"), priority)).as("the same incident again").isEqualTo(tier);
        assertThat(pager.fired()).hasSize(pages);
        assertThat(sink.fired()).hasSize(alerts);
        tiers.acknowledge("e1");
        clock.advance(Duration.ofHours(1));
        assertThat(tiers.tick().digested()).isEqualTo(digested);
        assertThat(sink.fired()).hasSize(alerts + digested);
    }

    @Test
    void anUnacknowledgedP1ReAlertsToThePagerEachDeadlineThenGivesUp() {
        tiers.fire(alert("late"), Priority.P1);
        clock.advance(Duration.ofMinutes(14));
        assertThat(tiers.tick().realerted()).isZero();
        clock.advance(Duration.ofMinutes(1));
        TieredAlerts otherProcess = tiers();
        assertThat(otherProcess.tick().realerted()).isEqualTo(1);
        assertThat(tiers.tick().realerted()).as("the same deadline is re-alerted once, by whichever process ticks first").isZero();
        assertThat(pager.fired()).singleElement().satisfies(a -> {
            assertThat(a.incidentKey()).isEqualTo("late:unacknowledged:1");
            assertThat(a.severity()).isEqualTo(Severity.CRITICAL);
            assertThat(a.title()).startsWith("Unacknowledged after 15 min: Pipeline 'orders'");
        });
        clock.advance(Duration.ofMinutes(15));
        assertThat(tiers.tick().realerted()).isEqualTo(1);
        clock.advance(Duration.ofMinutes(15));
        assertThat(tiers.tick()).isEqualTo(new TieredAlerts.Report(0, 1, 0));
        clock.advance(Duration.ofMinutes(15));
        assertThat(tiers.tick().realerted()).isZero();
        assertThat(pager.fired()).extracting(Alert::incidentKey).containsExactly("late:unacknowledged:1", "late:unacknowledged:2");
    }

    @Test
    void anAcknowledgedP1StaysQuiet() {
        tiers.fire(alert("seen"), Priority.P1);
        assertThat(tiers.acknowledge("seen")).isTrue();
        assertThat(tiers.acknowledge("seen")).as("once").isFalse();
        clock.advance(Duration.ofHours(2));
        assertThat(tiers.tick().realerted()).isZero();
        assertThat(pager.fired()).isEmpty();
    }

    @Test
    void p2AndP3AlertsWaitForOneDigestAnHour() {
        tiers.fire(alert("a"), Priority.P2);
        tiers.fire(alert("b"), Priority.P3);
        tiers.fire(alert("c"), Priority.P3);
        clock.advance(Duration.ofMinutes(59));
        assertThat(tiers.tick().digested()).isZero();
        assertThat(sink.fired()).isEmpty();
        clock.advance(Duration.ofMinutes(1));
        assertThat(tiers.tick().digested()).isEqualTo(3);
        assertThat(sink.fired()).singleElement().satisfies(d -> {
            assertThat(d.title()).isEqualTo("3 alert(s) since the last digest");
            assertThat(d.detail().lines().toList()).hasSize(3).allSatisfy(l -> assertThat(l).startsWith("- Pipeline 'orders'"));
            assertThat(d.detail()).contains("[a]", "[b]", "[c]");
        });
        clock.advance(Duration.ofHours(1));
        assertThat(tiers.tick().digested()).as("an empty digest is not sent").isZero();
        assertThat(sink.fired()).hasSize(1);
        assertThat(List.of(pager.fired().size())).containsExactly(0);
    }
}
