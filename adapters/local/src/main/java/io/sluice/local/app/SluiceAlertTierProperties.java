package io.sluice.local.app;

import io.sluice.functions.alert.TieredAlerts;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code sluice.alert-tiers.*}: how failure alerts are routed by priority. P0 pages ({@code pager-url}, a
 * webhook; without one, the alert sinks with a CRITICAL severity), P1 waits {@code ack-deadline} for an
 * acknowledgement ({@code POST /v1/alerts/{incident}/ack}, {@code ./sluice alerts ack INCIDENT}) and re-alerts
 * to the pager up to {@code escalations} times, P2/P3 are sent as a digest every {@code digest-every}.
 */
@ConfigurationProperties("sluice.alert-tiers")
public record SluiceAlertTierProperties(String pagerUrl, @DefaultValue("15m") Duration ackDeadline, @DefaultValue("3") int escalations,
                                        @DefaultValue("1h") Duration digestEvery, @DefaultValue("10s") Duration tickEvery) {
    public TieredAlerts.Settings settings() {
        return new TieredAlerts.Settings(ackDeadline, escalations, digestEvery);
    }
}
