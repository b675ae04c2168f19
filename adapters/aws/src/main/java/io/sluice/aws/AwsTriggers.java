package io.sluice.aws;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import io.sluice.aws.lambda.SqsBatchFunction;
import io.sluice.api.bundle.BundledPipelines;
import io.sluice.aws.trigger.FireCheck;
import io.sluice.aws.trigger.ObjectEventBatch;
import io.sluice.aws.trigger.ScheduledStart;
import io.sluice.functions.orchestrator.Orchestrator;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.start.PipelineStarter;
import io.sluice.functions.trigger.object.InvalidRulesException;
import io.sluice.functions.trigger.object.ObjectRules;
import io.sluice.functions.trigger.object.ObjectTrigger;
import io.sluice.functions.trigger.object.TriggerMetrics;
import io.sluice.functions.trigger.object.TriggerReport;
import io.sluice.functions.trigger.schedule.ScheduledRuns;
import io.sluice.functions.trigger.upstream.DependencyGraph;
import io.sluice.orchestration.json.Json;
import io.sluice.redis.RedisAdapters;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * The trigger functions on Lambda:
 * <ul>
 *   <li>{@code object-trigger}: an SQS batch of storage notifications (S3 event notifications, SNS-wrapped
 *       ones, EventBridge "Object Created" events with an SQS target); a record whose start failed for a
 *       reason that may pass, or whose body is no storage event at all, is a partial batch failure (the latter with a
 *       log line, until SQS dead-letters it: {@link ObjectEventBatch}); everything else is acknowledged;</li>
 *   <li>{@code object-trigger-event}: one such event invoked directly (an EventBridge rule with a Lambda
 *       target); it throws when a start should be retried, so Lambda's retries and DLQ apply;</li>
 *   <li>{@code scheduled-start}: a fire of a pipeline's EventBridge Scheduler schedule ({@link ScheduledStart}).</li>
 * </ul>
 * Pipelines are the {@code <id>.asl.json} files bundled at {@code sluice.triggers.pipelines}; object
 * rules are the document at {@code sluice.triggers.rules} (a Spring resource location such as
 * {@code classpath:triggers.json}); without rules there is no object trigger.
 */
@Configuration(proxyBeanMethods = false)
public class AwsTriggers {
    /** Where the bundle's pipelines are ({@code sluice.triggers.pipelines}). */
    public static final String DEFAULT_PIPELINES = "classpath*:pipelines/*.asl.json";

    /** Where the bundle's tenants file is ({@code sluice.api.tenants}), read by every function. */
    public static final String DEFAULT_TENANTS = "classpath:pipelines/tenants.json";

    /** The bundle; a {@code dependsOn} may name a state machine its dependent's tenant creates through the Step Functions API. */
    @Bean
    public BundledPipelines bundledPipelines(ResourcePatternResolver resolver,
                                             @Value("${sluice.triggers.pipelines:" + DEFAULT_PIPELINES + "}") String pattern,
                                             @Value("${sluice.api.tenants:" + DEFAULT_TENANTS + "}") String tenants) {
        return BundledPipelines.load(resolver, pattern, AwsControl.bundledTenancy(resolver, tenants));
    }

    /** The bundle's {@code dependsOn}: the {@code events} function starts a pipeline when its upstreams have succeeded. */
    @Bean
    public DependencyGraph dependencyGraph(BundledPipelines pipelines) {
        return pipelines.dependencyGraph();
    }

    /**
     * The one way this deployment starts executions (object events, schedules, upstream completion, the HTTP API): the
     * bundled pipelines, then the state machines created through the Step Functions API (kept in Redis).
     */
    @Bean
    public ExecutionStarter executionStarter(Orchestrator orchestrator, BundledPipelines pipelines,
                                             ObjectProvider<io.sluice.api.sfn.StoredStateMachines> created) {
        // Each execution on its pipeline's declared priority channel (<id>.pipeline.json), as locally; a state machine
        // created through the Step Functions API has no options file, so it runs on the default channel.
        return new PipelineStarter((PipelineStarter.PrioritizedLaunch) orchestrator::start, pipelines.andCreated(created.getIfAvailable()),
                pipelines::priority);
    }

    @Bean
    @ConditionalOnProperty("sluice.triggers.rules")
    public ObjectTrigger objectTriggerCore(ResourcePatternResolver resolver, @Value("${sluice.triggers.rules}") String location,
                                           ExecutionStarter starter) {
        Resource resource = resolver.getResource(location);
        ObjectRules rules;
        try {
            rules = ObjectRules.parse(resource.getContentAsString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the object rules at " + location + " (sluice.triggers.rules)", e);
        } catch (InvalidRulesException e) {
            throw new IllegalStateException(location + ": " + e.getMessage(), e);
        }
        return new ObjectTrigger(rules, starter, TriggerMetrics.NONE);
    }

    @Bean(name = "object-trigger")
    @ConditionalOnProperty("sluice.triggers.rules")
    public Function<SQSEvent, SQSBatchResponse> objectTrigger(ObjectTrigger trigger) {
        return new SqsBatchFunction(new ObjectEventBatch(trigger));
    }

    @Bean(name = "object-trigger-event")
    @ConditionalOnProperty("sluice.triggers.rules")
    public Function<String, String> objectTriggerEvent(ObjectTrigger trigger) {
        return body -> {
            TriggerReport report = trigger.apply(body);
            String summary = Json.write(Json.object().put("format", report.format() == null ? null : report.format().name())
                    .put("started", report.started().size()).put("duplicates", report.duplicates().size())
                    .put("unmatched", report.unmatched().size()).put("rejected", report.rejected().size())
                    .put("ignored", report.ignored().size()).put("failed", report.failed().size()));
            if (report.retryable()) {
                throw new IllegalStateException("some starts failed and will be retried: " + summary);
            }
            return summary;
        };
    }

    /** Fires are checked against the deployment's schedule group ({@code sluice.scheduler.group}); without one, every fire is refused. */
    @Bean(name = "scheduled-start")
    public Function<String, String> scheduledStart(ExecutionStarter starter, io.sluice.runtime.RuntimePorts ports, ObjectProvider<FireCheck> checks) {
        return new ScheduledStart(starter, ScheduledRuns.in(ports.executions()), checks.getIfAvailable(() -> FireCheck.refuseAll(
                "schedule: this deployment has no schedule group to check the fire against; set sluice.scheduler.group "
                        + "(SLUICE_SCHEDULER_GROUP), sluice.scheduler.target-arn and sluice.scheduler.role-arn")));
    }
}
