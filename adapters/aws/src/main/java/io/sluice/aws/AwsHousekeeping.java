package io.sluice.aws;

import com.amazonaws.services.lambda.runtime.events.SQSBatchResponse;
import com.amazonaws.services.lambda.runtime.events.SQSEvent;
import io.sluice.aws.lambda.SqsBatchFunction;
import io.sluice.aws.lambda.SqsRecord;
import io.sluice.aws.sqs.SqsTaskQueue;
import io.sluice.functions.alert.LogAlertSink;
import io.sluice.functions.alert.TieredAlerts;
import io.sluice.redis.RedisAlertBook;
import org.springframework.beans.factory.annotation.Value;
import io.sluice.functions.control.recover.Backfills;
import io.sluice.functions.events.CompletionListener;
import io.sluice.functions.events.cloud.ExecutionEventRelay;
import io.sluice.functions.maprun.ChildRuns;
import io.sluice.functions.messaging.QueueNames;
import io.sluice.functions.deadletter.DeadLetters;
import io.sluice.functions.orchestrator.DeadLetterHandler;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.trigger.upstream.DependencyGraph;
import io.sluice.orchestration.port.AlertSink;
import io.sluice.orchestration.port.TaskQueue.ReceivedMessage;
import io.sluice.redis.RedisAdapters;
import io.sluice.runtime.Alerting;
import io.sluice.runtime.Completions;
import io.sluice.runtime.Control;
import io.sluice.runtime.SluiceRuntime;
import io.sluice.redis.RedisDependencyIndex;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The functions around the orchestrator's queue on Lambda, the same ones the local runtime consumes:
 * <ul>
 *   <li>{@code events}: the events queue, handed to the {@link CompletionListener} (upstream-completion
 *       starts from the bundle's {@code <id>.pipeline.json} dependsOn, the {@link DependencyGraph} bean; dependency-check releases,
 *       failure alerts);</li>
 *   <li>{@code dlq-handler}: every dead-letter queue; the {@link DeadLetterHandler} fails the message's
 *       execution and raises one alert per message;</li>
 *   <li>{@code delayed-forwarder}: the deployment's delayed queue {@code <prefix>-delayed}, whose due messages it moves
 *       into the FIFO queue each names (and any {@code <queue>-delayed} companion of an older layout into its queue).</li>
 * </ul>
 * Alerts go to the {@link AlertSink} bean (by default the log, {@code io.sluice.alerts}), once per incident
 * for an hour, deduplicated in Redis.
 */
@Configuration(proxyBeanMethods = false)
public class AwsHousekeeping {
    private static final String DLQ_SUFFIX = "-dlq";
    private static final String FIFO_SUFFIX = ".fifo";

    /** Where alerts go when the deployment names no other sink: one JSON line each in the log. */
    @Bean
    @ConditionalOnMissingBean(AlertSink.class)
    public AlertSink alertSink() {
        return new LogAlertSink();
    }

    @Bean(name = "events")
    public Function<SQSEvent, SQSBatchResponse> events(RedisAdapters redis, SluiceAwsProperties properties, SqsTaskQueue queue,
                                                       QueueNames names, Clock clock, AlertSink sink, ExecutionStarter starter,
                                                       ObjectProvider<DependencyGraph> graph, ObjectProvider<ChildRuns> children,
                                                       ObjectProvider<Backfills> backfills, ObjectProvider<ExecutionEventRelay> relay,
                                                       TieredAlerts tiers, SluiceRuntime runtime) {
        Completions completions = Completions.of(runtime.ports().executions(), clock).observedBy(runtime.observer());
        children.ifAvailable(c -> c.handlers().forEach(completions::and)); // a child's end reaches its parent (AwsChildRuns)
        graph.ifAvailable(g -> completions.upstream(g, redis.upstreamLedger(), starter));
        completions.dependencies(new RedisDependencyIndex(redis.redisson(), properties.redisKeyPrefix()), runtime.ports(), names);
        backfills.ifAvailable(completions::and); // a backfill's run ending starts what waits for it (AwsControl)
        // Failure alerts by the execution's priority (P0 pages, P1 awaits an acknowledgement, P2/P3 wait for the digest), as locally;
        // with an EventBridge bus (AwsEvents), the execution events on the queue go there as CloudEvents.
        CompletionListener listener = completions.alerts(tiers).relay(relay.stream().findFirst().orElse(null)).build();
        return new SqsBatchFunction(record -> {
            listener.handle(record.body());
            return true;
        });
    }

    /**
     * Failure alerts by priority, as the local runtime routes them: P0 to the pager (the alert sink, CRITICAL, titled
     * {@code [PAGE]}), P1 to the sink and again to the pager each {@code sluice.alert-tiers.ack-deadline} (15m) until
     * acknowledged ({@code POST /v1/alerts/{incident}/ack}), at most {@code escalations} (3) times, P2/P3 in a digest every
     * {@code digest-every} (1h). What waits is in Redis; {@code schedule-tick} ticks it ({@link AwsFunctions}).
     */
    @Bean
    public TieredAlerts tieredAlerts(AlertSink sink, RedisAdapters redis, SluiceAwsProperties properties, Clock clock,
                                     @Value("${sluice.alert-tiers.ack-deadline:15m}") Duration ackDeadline,
                                     @Value("${sluice.alert-tiers.escalations:3}") int escalations,
                                     @Value("${sluice.alert-tiers.digest-every:1h}") Duration digestEvery) {
        return Control.tiers(null, sink, new RedisAlertBook(redis.redisson(), properties.redisKeyPrefix()), redis.idempotencyStore(), clock,
                owner(), new TieredAlerts.Settings(ackDeadline, escalations, digestEvery));
    }

    @Bean(name = "dlq-handler")
    public Function<SQSEvent, SQSBatchResponse> deadLetters(SluiceRuntime runtime, QueueNames names, RedisAdapters redis, Clock clock,
                                                            AlertSink sink, ObjectProvider<DeadLetters> letters,
                                                            io.sluice.aws.metrics.EmfMetrics metrics) {
        // Each arrival is counted (sluice.deadletters, by source queue) and printed as an EMF line when the batch ends.
        DeadLetterHandler handler = Alerting.deadLetters(runtime.ports(), names, oncePerIncident(sink, redis, clock),
                letters.getIfAvailable(), runtime.observer());
        return metrics.flushingAfter(new SqsBatchFunction(record -> {
            handler.handle(sourceQueue(record), new ReceivedMessage(record.messageId(), "", record.body(), record.attributes(),
                    record.receiveCount()));
            return true;
        }));
    }

    /**
     * The delayed queue {@code <prefix>-delayed}: FIFO queues take no per-message delay, so a delayed message (a timer, a
     * retry's backoff) waits there, naming its FIFO queue, and this function moves it into that queue, in its execution's
     * group, once SQS lets it through. Without it, no timer fires on Lambda.
     */
    @Bean(name = "delayed-forwarder")
    public Function<SQSEvent, SQSBatchResponse> delayedForwarder(SqsTaskQueue queue) {
        return new SqsBatchFunction(record -> {
            queue.forwardDelayed(record.queueName(), record.body(), record.attributes(), record.messageId());
            return true;
        });
    }

    /**
     * The queue a dead-lettered message failed on: SQS names it ({@code DeadLetterQueueSourceArn}); failing that,
     * the dead-letter queue's name without its {@code -dlq} (and FIFO's {@code .fifo}) suffix, as Sluice names them.
     */
    static String sourceQueue(SqsRecord record) {
        String source = record.deadLetterSourceName();
        if (source == null) {
            String dlq = record.queueName();
            if (dlq == null) {
                return "an unnamed queue";
            }
            source = withoutSuffix(withoutSuffix(dlq, FIFO_SUFFIX), DLQ_SUFFIX);
        }
        return withoutSuffix(source, FIFO_SUFFIX);
    }

    private static String withoutSuffix(String name, String suffix) {
        return name.endsWith(suffix) ? name.substring(0, name.length() - suffix.length()) : name;
    }

    private static AlertSink oncePerIncident(AlertSink sink, RedisAdapters redis, Clock clock) {
        return Alerting.oncePerIncident(sink, redis.idempotencyStore(), clock, owner());
    }

    /** Who claims an incident while it fires: this Lambda process. */
    private static String owner() {
        return "lambda-" + ProcessHandle.current().pid();
    }
}
