package io.sluice.azure.host;

import io.sluice.functions.alert.TieredAlerts;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisAlertBook;
import java.time.Clock;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Failure alerts by priority, as the local runtime and AWS route them: P0 to the pager (the alert sink, CRITICAL,
 * titled {@code [PAGE]}), P1 to the sink and again to the pager each {@code sluice.alert-tiers.ack-deadline} (15m) until
 * acknowledged ({@code POST /v1/alerts/{incident}/ack}), at most {@code escalations} (3) times, P2/P3 in a digest every
 * {@code digest-every} (1h). What waits is in Redis; the {@code schedule-tick} timer ticks it ({@link SluiceHandlers#tick}).
 */
@Configuration(proxyBeanMethods = false)
public class AzureAlertTiers {

    @Bean
    public TieredAlerts tieredAlerts(AlertSink sink, RedisAdapters redis, SluiceAzureHostProperties host, Clock clock,
                                     @Value("${sluice.alert-tiers.ack-deadline:15m}") Duration ackDeadline,
                                     @Value("${sluice.alert-tiers.escalations:3}") int escalations,
                                     @Value("${sluice.alert-tiers.digest-every:1h}") Duration digestEvery) {
        String owner = "azure-" + ProcessHandle.current().pid();
        return new TieredAlerts(TieredAlerts.pageThrough(sink), sink, new RedisAlertBook(redis.redisson(), host.redisKeyPrefix()),
                s -> io.sluice.runtime.Alerting.oncePerIncident(s, redis.idempotencyStore(), clock, owner), clock,
                new TieredAlerts.Settings(ackDeadline, escalations, digestEvery)).digestOnTheClock();
    }
}
