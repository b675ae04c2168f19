package io.sluice.azure.host;

import com.azure.core.credential.TokenCredential;
import io.sluice.azure.publish.Authorization;
import io.sluice.azure.publish.EventGridEventSink;
import io.sluice.functions.events.cloud.ExecutionEventRelay;
import io.sluice.functions.tenancy.Tenancy;
import io.sluice.redis.RedisAdapters;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.PropertyResolver;

/**
 * The execution events (started, retried, succeeded, failed, aborted; blocked and released) as CloudEvents on an
 * Event Grid topic, when {@code sluice.events.event-grid-topic-endpoint} ({@code SLUICE_EVENTS_EVENT_GRID_TOPIC_ENDPOINT},
 * {@code https://<topic>.<region>-1.eventgrid.azure.net/api/events}, a topic of the CloudEvents 1.0 schema) names one:
 * the orchestrator and the worker put them on the events queue with the transition that made them, and the
 * {@code events} function hands each to the {@link ExecutionEventRelay}, which publishes it ({@link EventGridEventSink})
 * with the app's identity, or with {@code sluice.events.event-grid-access-key} where one is set (tests).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnExpression(AzureEvents.ENABLED)
public class AzureEvents {
    /** The setting that turns the events on: the topic's endpoint. */
    public static final String TOPIC = "sluice.events.event-grid-topic-endpoint";
    /** The CloudEvents {@code source} prefix of this host ({@code /sluice/azure/pipelines/<pipeline>}). */
    public static final String HOST_SOURCE = "/sluice/azure";
    static final String ENABLED = "'${" + TOPIC + ":}'.trim() != ''";
    private static final String EVENT_GRID_SCOPE = "https://eventgrid.azure.net/.default";

    /** Whether this app emits execution events. */
    public static boolean enabled(PropertyResolver env) {
        String topic = env.getProperty(TOPIC);
        return topic != null && !topic.isBlank();
    }

    @Bean
    public ExecutionEventRelay executionEventRelay(@Value("${" + TOPIC + "}") String topic,
                                                   @Value("${sluice.events.event-grid-access-key:}") String accessKey,
                                                   ObjectProvider<TokenCredential> credential, io.sluice.runtime.RuntimePorts ports, Tenancy tenancy) {
        URI endpoint;
        try {
            endpoint = URI.create(topic.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(TOPIC + ": expected the topic's endpoint URL, such as"
                    + " https://<topic>.<region>-1.eventgrid.azure.net/api/events; got '" + topic + "'", e);
        }
        if (endpoint.getHost() == null || endpoint.getScheme() == null || !endpoint.getScheme().startsWith("http")) {
            throw new IllegalArgumentException(TOPIC + ": expected the topic's endpoint URL, such as"
                    + " https://<topic>.<region>-1.eventgrid.azure.net/api/events; got '" + topic + "'");
        }
        Authorization auth = accessKey.isBlank() ? resource -> Authorization.bearer(credential.getObject(), EVENT_GRID_SCOPE).header(resource)
                : Authorization.eventGridKey(accessKey);
        EventGridEventSink sink = new EventGridEventSink(endpoint, auth, HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build());
        // The tenant of each event is the API's tenants', never the payload's.
        return new ExecutionEventRelay(List.of(sink), tenancy, ports.executions(), HOST_SOURCE);
    }
}
