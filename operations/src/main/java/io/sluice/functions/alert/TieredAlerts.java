package io.sluice.functions.alert;

import com.fasterxml.jackson.databind.JsonNode;
import io.sluice.functions.priority.Priority;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.AlertBook;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.orchestration.port.AlertSink.Alert;
import io.sluice.orchestration.port.AlertSink.Severity;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Routes an alert by the priority of what it is about ({@link AlertTier}): P0 to the pager at once; P1 to
 * the sink, then, unless {@link #acknowledge acknowledged} within {@code ackDeadline}, again to the pager
 * (up to {@code escalations} times, one deadline apart); P2 and P3 into a digest that {@link #tick} sends
 * as one alert each {@code digestEvery}. Each first alert still goes through the once-per-incident guard
 * in front of the sinks; a re-alert is an incident of its own ({@code <key>:unacknowledged:<n>}), and so
 * is each digest. What waits between ticks is in the {@link AlertBook}, shared by every process.
 */
public final class TieredAlerts {
    /** The most alerts one digest lists one by one. */
    static final int DIGEST_MAX = 200;

    private final AlertSink pager;
    private final AlertSink sink;
    private final AlertSink digestIntake;
    private final AlertBook book;
    private final Clock clock;
    private final Settings settings;
    private Instant nextDigest;

    /**
     * @param ackDeadline how long a P1 alert waits for an acknowledgement before it re-alerts
     * @param escalations how many times it re-alerts (to the pager) before giving up
     * @param digestEvery how often the P2/P3 digest is sent
     */
    public record Settings(Duration ackDeadline, int escalations, Duration digestEvery) {
        public Settings {
            if (ackDeadline == null || !ackDeadline.isPositive()) {
                throw new IllegalArgumentException("alert tiers: ack-deadline must be a positive duration; got " + ackDeadline);
            }
            if (escalations < 0) {
                throw new IllegalArgumentException("alert tiers: escalations must be 0 or more; got " + escalations);
            }
            if (digestEvery == null || !digestEvery.isPositive()) {
                throw new IllegalArgumentException("alert tiers: digest-every must be a positive duration; got " + digestEvery);
            }
        }

        public static Settings defaults() {
            return new Settings(Duration.ofMinutes(15), 3, Duration.ofHours(1));
        }
    }

    /**
     * @param pager          where P0 alerts and unacknowledged P1 alerts go
     * @param sink           where P1 alerts and digests go
     * @param oncePerIncident the guard each way in is wrapped in ({@link OncePerIncident}), so a repeated incident
     *                       pages, alerts or joins the digest once
     */
    public TieredAlerts(AlertSink pager, AlertSink sink, AlertBook book, java.util.function.UnaryOperator<AlertSink> oncePerIncident,
                        Clock clock, Settings settings) {
        this.pager = oncePerIncident.apply(pager);
        this.sink = oncePerIncident.apply(sink);
        this.book = book;
        this.digestIntake = oncePerIncident.apply(alert -> book.addToDigest(Json.write(AlertJson.of(alert))));
        this.clock = clock;
        this.settings = settings;
        this.nextDigest = clock.instant().plus(settings.digestEvery());
    }

    /**
     * For hosts whose processes come and go (a Lambda, a Functions instance), each building its own: the digest is due at
     * every multiple of {@code digestEvery} since the epoch, so a new process agrees with the one before it on when the
     * next digest goes out. What waits for it is in the book, so a process that ends before its tick only delays it, by
     * at most one period. Returns this.
     */
    public synchronized TieredAlerts digestOnTheClock() {
        long every = Math.max(1, settings.digestEvery().toMillis());
        nextDigest = Instant.ofEpochMilli(Math.floorDiv(clock.millis(), every) * every + every);
        return this;
    }

    /** A pager that is {@code sink} itself, each page marked CRITICAL and titled {@code [PAGE] ...} (a host without a pager of its own). */
    public static AlertSink pageThrough(AlertSink sink) {
        return a -> sink.fire(new Alert(a.incidentKey(), Severity.CRITICAL, "[PAGE] " + a.title(), a.detail()));
    }

    /** Delivers {@code alert} as its {@code priority}'s tier says; returns the tier. */
    public AlertTier fire(Alert alert, Priority priority) {
        AlertTier tier = AlertTier.of(priority);
        switch (tier) {
            case PAGE -> pager.fire(alert);
            case ACKNOWLEDGE -> {
                sink.fire(alert);
                book.awaitAck(alert.incidentKey(), Json.write(AlertJson.of(alert)), clock.instant().plus(settings.ackDeadline()));
            }
            case DIGEST -> digestIntake.fire(alert);
        }
        return tier;
    }

    /** Acknowledges a P1 incident: it re-alerts no more. Returns whether it was waiting for one. */
    public boolean acknowledge(String incidentKey) {
        return book.acknowledge(incidentKey);
    }

    /** What a tick did: re-alerts sent, incidents given up on, alerts sent in a digest. */
    public record Report(int realerted, int givenUp, int digested) {}

    /** Re-alerts overdue P1 incidents and, when its time has come, sends the digest. Called periodically (the schedule-tick). */
    public synchronized Report tick() {
        Instant now = clock.instant();
        int realerted = 0;
        int givenUp = 0;
        for (AlertBook.Pending p : book.overdue(now, 100)) {
            if (p.escalations() >= settings.escalations()) {
                book.giveUp(p.incidentKey());
                givenUp++;
                continue;
            }
            int n = p.escalations() + 1;
            if (book.escalated(p.incidentKey(), p.deadline(), now.plus(settings.ackDeadline()), n)) {
                Alert was = read(p.alert());
                pager.fire(new Alert(was.incidentKey() + ":unacknowledged:" + n, Severity.CRITICAL,
                        "Unacknowledged after " + settings.ackDeadline().multipliedBy(n).toMinutes() + " min: " + was.title(), was.detail()));
                realerted++;
            }
        }
        int digested = 0;
        if (!now.isBefore(nextDigest)) {
            digested = sendDigest(now);
            nextDigest = now.plus(settings.digestEvery());
        }
        return new Report(realerted, givenUp, digested);
    }

    private int sendDigest(Instant now) {
        List<Alert> alerts = book.takeDigest(DIGEST_MAX).stream().map(TieredAlerts::read).toList();
        if (alerts.isEmpty()) {
            return 0;
        }
        String lines = alerts.stream().map(a -> "- " + a.title() + " [" + a.incidentKey() + "]").collect(Collectors.joining("\n"));
        sink.fire(new Alert("digest:" + now.toEpochMilli(), Severity.WARNING, alerts.size() + " alert(s) since the last digest", lines));
        return alerts.size();
    }

    private static Alert read(String json) {
        JsonNode o = Json.parse(json);
        return new Alert(o.path("incidentKey").asText(), Severity.valueOf(o.path("severity").asText("ERROR")), o.path("title").asText(),
                o.path("detail").asText());
    }
}
