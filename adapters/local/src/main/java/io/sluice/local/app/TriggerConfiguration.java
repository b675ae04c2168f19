package io.sluice.local.app;

import io.sluice.functions.events.FinishedExecution;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.trigger.upstream.UpstreamTrigger;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.pipeline.LocalDependencyGraph;
import io.sluice.local.pipeline.PipelineCatalog;
import io.sluice.local.pipeline.PipelineOptionsCatalog;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.api.tenant.Tenants;
import io.sluice.functions.trigger.object.InMemoryTriggerMetrics;
import io.sluice.functions.trigger.object.ObjectRule;
import io.sluice.functions.trigger.schedule.ScheduleFirer;
import io.sluice.functions.trigger.schedule.ScheduleRegistry;
import io.sluice.local.trigger.FolderWatcher;
import io.sluice.local.trigger.ObjectRulesFile;
import io.sluice.local.trigger.PipelineSchedules;
import io.sluice.orchestration.port.ScheduleIndex;
import io.sluice.redis.RedisScheduleIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import org.redisson.client.codec.StringCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;

/**
 * What starts executions besides the API: the upstream-completion trigger, fed by the completion
 * events (every {@code Consumer<FinishedExecution>} bean receives each completion); the schedules the
 * pipelines' options declare, fired by the runtime's tick; and the object rules, applied to the files
 * the folder watcher sees appear in the data folder.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SluiceTriggerProperties.class)
public class TriggerConfiguration {
    private static final Logger LOG = LoggerFactory.getLogger(TriggerConfiguration.class);

    @Bean
    public PipelineOptionsCatalog pipelineOptionsCatalog(SluiceLocalProperties properties) {
        return new PipelineOptionsCatalog(properties.pipelinesDir());
    }

    /** @param keep how long an upstream's success waits for the dependent's other upstreams ({@code sluice.upstream.keep}) */
    @Bean
    @Order(0)
    public UpstreamTrigger upstreamTrigger(PipelineOptionsCatalog options, Tenants tenants, LocalBackends backends, ExecutionStarter starter,
                                           @Value("${sluice.upstream.keep:7d}") Duration keep) {
        LocalDependencyGraph graph = new LocalDependencyGraph(options,
                (a, b) -> !tenants.configured() || tenants.tenantOf(a).equals(tenants.tenantOf(b)) && tenants.tenantOf(a).isPresent());
        return new UpstreamTrigger(graph, new io.sluice.redis.RedisUpstreamLedger(backends.redisson(), backends.redisKeyPrefix()), starter, Clock.systemUTC(), keep);
    }

    /** The schedule index: Redis, next to the executions, under the runtime's key prefix. */
    @Bean
    public ScheduleIndex scheduleIndex(LocalBackends backends) {
        return new RedisScheduleIndex(backends.redisson(), backends.redisKeyPrefix());
    }

    /**
     * The pipelines' schedules, registered now and kept in step with their options; the runtime's tick
     * fires them. The ids registered from the pipelines folder are kept in Redis
     * ({@code <prefix>:sched:local-declared}), so a declaration removed while the runtime was down goes too.
     */
    @Bean(destroyMethod = "close")
    @ConditionalOnProperty(name = "sluice.triggers.schedules.enabled", havingValue = "true", matchIfMissing = true)
    public PipelineSchedules pipelineSchedules(PipelineOptionsCatalog options, ExecutionStarter starter, ScheduleIndex index,
                                               LocalBackends backends, LocalRuntime runtime, Clock clock, SluiceTriggerProperties properties) {
        SluiceTriggerProperties.Schedules s = properties.schedules();
        runtime.fireSchedules(new LocalRuntime.Schedules(index, starter, s.fireEvery(), ScheduleFirer.Settings.defaults()));
        Set<String> declared = backends.redisson().getSet(backends.redisKeyPrefix() + ":sched:local-declared", StringCodec.INSTANCE);
        PipelineSchedules schedules = new PipelineSchedules(options, new ScheduleRegistry(index), declared, clock, s.rescanEvery());
        LOG.info("pipeline schedules fired every {} ms; options looked at again every {} s", s.fireEvery().toMillis(),
                s.rescanEvery().toSeconds());
        return schedules;
    }

    /** What the object trigger did, by counter ({@code started.<pipeline>}, {@code unmatched.<bucket>}, {@code rejected.<reason>}, ...). */
    @Bean
    public InMemoryTriggerMetrics objectTriggerMetrics() {
        return new InMemoryTriggerMetrics();
    }

    /**
     * The {@code object-trigger} function over the rules file, and the watcher of the data folder (one
     * folder per bucket) that hands it new files, when there is a rules file. A file with problems stops
     * the start, naming each (file, pointer, sentence).
     */
    @Bean(destroyMethod = "close")
    public ObjectTriggers objectTriggers(SluiceTriggerProperties properties, SluiceLocalProperties local, PipelineCatalog catalog,
                                         ExecutionStarter starter, InMemoryTriggerMetrics metrics) throws IOException {
        Path file = (properties.rulesFile() != null && !properties.rulesFile().toString().isBlank() ? properties.rulesFile()
                : local.pipelinesDir().resolve("triggers.json")).toAbsolutePath().normalize();
        if (!Files.exists(file)) {
            LOG.info("no object rules ({} does not exist): no folder is watched", file);
            return new ObjectTriggers(null, null);
        }
        ObjectRulesFile rules;
        try {
            rules = ObjectRulesFile.load(file, starter, metrics);
        } catch (ObjectRulesFile.Invalid e) {
            throw new IllegalStateException("The object rules cannot be used; fix these and start again:\n" + e.getMessage(), e);
        }
        for (ObjectRule r : rules.rules().rules()) {
            if (catalog.find(r.pipeline()) instanceof PipelineCatalog.Lookup.Missing) {
                LOG.warn("{}: rule {} starts pipeline '{}', which is not in {} (yet)", file, r.id(), r.pipeline(), catalog.directory());
            }
        }
        LOG.info("{} object rule(s) from {}", rules.rules().rules().size(), file);
        if (!properties.watch()) {
            return new ObjectTriggers(rules, null);
        }
        Path data = Files.createDirectories(local.dataDir()).toAbsolutePath().normalize();
        FolderWatcher.Settings d = FolderWatcher.Settings.defaults();
        FolderWatcher watcher = new FolderWatcher(data, bucket -> rules.rules().namesBucket(bucket), rules,
                new FolderWatcher.Settings(properties.settle(), d.pollEvery(), d.scanExisting()), Clock.systemUTC());
        LOG.info("watching {} for new files of the buckets the rules name (a folder per bucket; announced after {} ms unchanged)",
                data, properties.settle().toMillis());
        return new ObjectTriggers(rules, watcher);
    }

    /**
     * The object rules and the folder watcher feeding them; either is {@code null} when off (no rules
     * file; {@code sluice.triggers.watch=false}).
     */
    public record ObjectTriggers(ObjectRulesFile rules, FolderWatcher watcher) implements AutoCloseable {
        @Override
        public void close() {
            if (watcher != null) {
                watcher.close();
            }
        }
    }
}
