package io.sluice.aws;

import io.sluice.aws.client.AwsClients;
import io.sluice.aws.client.AwsServicesProperties;
import io.sluice.aws.events.EventBridgeEventSink;
import io.sluice.functions.events.cloud.ExecutionEventRelay;
import io.sluice.redis.RedisAdapters;
import java.net.URI;
import java.util.List;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.PropertyResolver;
import org.springframework.core.io.ResourceLoader;
import software.amazon.awssdk.services.eventbridge.EventBridgeClient;

/**
 * The execution events (started, retried, succeeded, failed, aborted; blocked and released) as CloudEvents on an
 * EventBridge bus, when {@code sluice.events.event-bus} ({@code SLUICE_EVENTS_EVENT_BUS}) names one: the orchestrator
 * and the task-worker put them on the events queue with the transition that made them, and the {@code events}
 * function hands each to the {@link ExecutionEventRelay}, which puts it on the bus ({@link EventBridgeEventSink}:
 * {@code Source} {@code sluice.events.event-source}, default {@code io.sluice}; {@code DetailType} the CloudEvent's
 * type). {@code sluice.events.endpoint} overrides EventBridge's endpoint (tests), else {@code sluice.aws-endpoint}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AwsServicesProperties.class)
@ConditionalOnExpression(AwsEvents.ENABLED)
public class AwsEvents {
    /** The setting that turns the events on: the bus's name or ARN. */
    public static final String BUS = "sluice.events.event-bus";
    /** The CloudEvents {@code source} prefix of this host ({@code /sluice/aws/pipelines/<pipeline>}). */
    public static final String HOST_SOURCE = "/sluice/aws";
    static final String ENABLED = "'${" + BUS + ":}'.trim() != ''";

    /** Whether this deployment emits execution events (for the lean orchestrator, which has no conditions). */
    public static boolean enabled(PropertyResolver env) {
        String bus = env.getProperty(BUS);
        return bus != null && !bus.isBlank();
    }

    @Bean(destroyMethod = "close")
    public EventBridgeClient executionEventsClient(AwsServicesProperties aws, @Value("${sluice.events.endpoint:#{null}}") URI endpoint) {
        return AwsClients.build(EventBridgeClient.builder(), aws.settings(endpoint));
    }

    @Bean
    public ExecutionEventRelay executionEventRelay(EventBridgeClient executionEventsClient, @Value("${" + BUS + "}") String bus,
                                                   @Value("${sluice.events.event-source:" + EventBridgeEventSink.DEFAULT_SOURCE + "}") String source,
                                                   io.sluice.runtime.RuntimePorts ports, ResourceLoader loader,
                                                   @Value("${sluice.api.tenants:classpath:pipelines/tenants.json}") String tenants) {
        // The tenant of each event is the bundle's tenants file's, never the payload's.
        return new ExecutionEventRelay(List.of(new EventBridgeEventSink(executionEventsClient, bus.strip(), source)),
                AwsControl.bundledTenancy(loader, tenants), ports.executions(), HOST_SOURCE);
    }
}
