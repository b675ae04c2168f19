package io.sluice.aws;

import io.sluice.api.tenant.Tenants;
import io.sluice.functions.control.RuleBook;
import io.sluice.functions.control.recover.Backfills;
import io.sluice.functions.control.recover.Blocks;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.orchestration.json.Json;
import io.sluice.orchestration.port.LineageLog;
import io.sluice.redis.RedisAdapters;
import io.sluice.redis.RedisBackfillStore;
import io.sluice.redis.RedisLineageLog;
import io.sluice.redis.RedisRuleStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.functions.deadletter.DeadLetters;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.redis.RedisDeadLetterStore;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.Resource;
import org.springframework.core.io.ResourceLoader;

/**
 * The platform controls on AWS, in the deployment's Redis as locally: the allow and block rules (made through the API;
 * a Lambda bundle has no rules file to watch), read again by every function within two seconds of a change; the lineage
 * the task-worker records; block-downstream and backfills, advanced by the {@code events} function. The HTTP API's
 * {@code /v1/rules}, {@code /v1/lineage}, {@code /v1/blocks}, {@code /v1/backfills} and {@code /v1/dead-letters} answer with them.
 */
@Configuration(proxyBeanMethods = false)
public class AwsControl {

    /**
     * Whose pipelines are whose for the task gate, from the tenants file the HTTP API reads ({@code sluice.api.tenants}):
     * a rule a tenant's key made names that tenant, and covers its pipelines only. No file: every pipeline is the platform's.
     */
    public static Tenancy bundledTenancy(ResourceLoader loader, String location) {
        Resource resource = loader.getResource(location);
        if (!resource.exists()) {
            return Tenancy.SINGLE;
        }
        try {
            return Tenants.parse(Json.parse(resource.getContentAsString(StandardCharsets.UTF_8)), location)::tenantOf;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the tenants file " + location, e);
        }
    }

    /**
     * Whose pipelines are whose for every function of this deployment (the task functions' scoped secrets, configs,
     * objects and integrations, and the owner the worker harness fixes for each task): the bundled tenants file.
     */
    @Bean
    public Tenancy tenancy(ResourceLoader loader, @Value("${sluice.api.tenants:classpath:pipelines/tenants.json}") String tenants) {
        return bundledTenancy(loader, tenants);
    }

    @Bean
    public RuleBook ruleBook(RedisAdapters redis, SluiceAwsProperties properties, Clock clock) {
        return io.sluice.runtime.Control.rules(new RedisRuleStore(redis.redisson(), properties.redisKeyPrefix()), List::of, clock);
    }

    @Bean
    public LineageLog lineageLog(RedisAdapters redis, SluiceAwsProperties properties) {
        return new RedisLineageLog(redis.redisson(), properties.redisKeyPrefix());
    }

    /** The dead letters the {@code dlq-handler} records per tenant, listed and redriven by {@code /v1/dead-letters}. */
    @Bean
    public DeadLetters deadLetters(RedisAdapters redis, SluiceAwsProperties properties, SqsTaskQueue queue, QueueNames names, Clock clock,
                                   ResourceLoader loader, @Value("${sluice.api.tenants:classpath:pipelines/tenants.json}") String tenants) {
        return new DeadLetters(new RedisDeadLetterStore(redis.redisson(), properties.redisKeyPrefix()), queue, names,
                bundledTenancy(loader, tenants), clock);
    }

    @Bean
    public Blocks blocks(RuleBook rules, Clock clock) {
        return io.sluice.runtime.Control.blocks(rules, clock);
    }

    @Bean
    public Backfills backfills(RedisAdapters redis, io.sluice.runtime.RuntimePorts ports, SluiceAwsProperties properties, ExecutionStarter starter, Blocks blocks, Clock clock) {
        return io.sluice.runtime.Control.backfills(new RedisBackfillStore(redis.redisson(), properties.redisKeyPrefix()), ports.executions(), starter, blocks,
                clock);
    }
}
