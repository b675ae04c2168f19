package io.sluice.local.app;

import io.sluice.functions.control.RuleBook;
import io.sluice.functions.control.recover.Backfills;
import io.sluice.functions.control.recover.Blocks;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.redis.RedisBackfillStore;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Block and recover on the local runtime: block-downstream rules in the rule manager, and backfills kept in Redis
 * beside the executions, advanced by the completion of their runs (the backfills are a completion handler).
 */
@Configuration(proxyBeanMethods = false)
public class RecoveryConfiguration {

    @Bean
    public Blocks blocks(RuleBook rules, Clock clock) {
        return io.sluice.runtime.Control.blocks(rules, clock);
    }

    @Bean
    public Backfills backfills(LocalBackends backends, ExecutionStarter starter, Blocks blocks, Clock clock) {
        return io.sluice.runtime.Control.backfills(new RedisBackfillStore(backends.redisson(), backends.redisKeyPrefix()), backends.ports().executions(), starter,
                blocks, clock);
    }
}
