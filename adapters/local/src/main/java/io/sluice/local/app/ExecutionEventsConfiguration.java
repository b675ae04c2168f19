package io.sluice.local.app;

import io.sluice.functions.events.cloud.ExecutionEventRelay;
import io.sluice.functions.events.cloud.TopicEventSink;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.local.embedded.LocalBackends;
import io.sluice.local.runtime.LocalRuntime;
import io.sluice.orchestration.port.EventSink;
import io.sluice.redis.RedisTopics;
import io.sluice.transfer.event.WebhookEventSink;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The execution events as CloudEvents, when {@code sluice.events.webhook-url} or {@code sluice.events.topic} is set:
 * the runtime puts them on the events queue, and its consumer hands them to this relay, which delivers each to the
 * webhook and the local topic.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SluiceEventProperties.class)
@ConditionalOnExpression("'${sluice.events.webhook-url:}' != '' or '${sluice.events.topic:}' != ''")
public class ExecutionEventsConfiguration {

    @Bean
    public ExecutionEventRelay executionEventRelay(SluiceEventProperties properties, LocalBackends backends, LocalRuntime runtime,
                                                   ObjectProvider<Tenancy> tenancy) {
        List<EventSink> sinks = new ArrayList<>();
        if (properties.webhookUrl() != null && !properties.webhookUrl().isBlank()) {
            sinks.add(new WebhookEventSink(URI.create(properties.webhookUrl().strip()), HttpClient.newHttpClient(),
                    new WebhookEventSink.Settings(properties.timeout(), properties.attempts(), properties.backoff()), Map.of()));
        }
        if (properties.topic() != null && !properties.topic().isBlank()) {
            sinks.add(new TopicEventSink(new RedisTopics(backends.redisson(), backends.redisKeyPrefix()), properties.topic().strip()));
        }
        runtime.emitEvents();
        return new ExecutionEventRelay(sinks, tenancy.getIfAvailable(() -> Tenancy.SINGLE), backends.ports().executions(),
                properties.source());
    }
}
