package io.sluice.azure.host;

import io.sluice.functions.alert.TieredAlerts;
import io.sluice.functions.control.RuleBook;
import io.sluice.functions.control.recover.Backfills;
import io.sluice.functions.control.recover.Blocks;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.orchestration.port.LineageLog;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisAlertBook;
import io.sluice.redis.RedisBackfillStore;
import io.sluice.redis.RedisLineageLog;
import io.sluice.redis.RedisRuleStore;
import io.sluice.runtime.Control;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The operator's controls on Azure, as on AWS and locally ({@link Control}), kept in Redis beside the executions: the allow
 * and block rules the runtime's task gate asks ({@link AzureRuntime}) and {@code /v1/rules} edits, the lineage each
 * succeeded task records ({@code /v1/lineage}), blocks and backfills ({@code /v1/blocks}, {@code /v1/backfills}), and
 * failure alerts by priority: P0 to the pager (the alert sink, CRITICAL, titled {@code [PAGE]}), P1 to the sink and
 * again to the pager each {@code sluice.alert-tiers.ack-deadline} (15m) until acknowledged
 * ({@code POST /v1/alerts/{incident}/ack}), at most {@code escalations} (3) times, P2/P3 in a digest every
 * {@code digest-every} (1h), ticked by the {@code schedule-tick} timer ({@link SluiceHandlers#tick}).
 */
@Configuration(proxyBeanMethods = false)
public class AzureControl {

    @Bean
    public TieredAlerts tieredAlerts(AlertSink sink, RedisAdapters redis, SluiceAzureHostProperties host, Clock clock,
                                     @Value("${sluice.alert-tiers.ack-deadline:15m}") Duration ackDeadline,
                                     @Value("${sluice.alert-tiers.escalations:3}") int escalations,
                                     @Value("${sluice.alert-tiers.digest-every:1h}") Duration digestEvery) {
        return Control.tiers(null, sink, new RedisAlertBook(redis.redisson(), host.redisKeyPrefix()), redis.idempotencyStore(), clock,
                "azure-" + ProcessHandle.current().pid(), new TieredAlerts.Settings(ackDeadline, escalations, digestEvery));
    }

    /** The rules made through the API (an Azure app bundles no rules file), reread by every instance within two seconds of a change. */
    @Bean
    public RuleBook ruleBook(RedisAdapters redis, SluiceAzureHostProperties host, Clock clock) {
        return Control.rules(new RedisRuleStore(redis.redisson(), host.redisKeyPrefix()), List::of, clock);
    }

    @Bean
    public LineageLog lineageLog(RedisAdapters redis, SluiceAzureHostProperties host) {
        return new RedisLineageLog(redis.redisson(), host.redisKeyPrefix());
    }

    @Bean
    public Blocks blocks(RuleBook rules, Clock clock) {
        return Control.blocks(rules, clock);
    }

    /** Backfills; a backfill's run ending starts what waits for it (the completion listener takes every such handler). */
    @Bean
    public Backfills backfills(RedisAdapters redis, io.sluice.runtime.RuntimePorts ports, SluiceAzureHostProperties host, ExecutionStarter starter, Blocks blocks, Clock clock) {
        return Control.backfills(new RedisBackfillStore(redis.redisson(), host.redisKeyPrefix()), ports.executions(), starter, blocks, clock);
    }
}
