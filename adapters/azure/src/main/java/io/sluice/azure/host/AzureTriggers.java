package io.sluice.azure.host;

import io.sluice.azure.eventgrid.EventGridDelivery;
import io.sluice.functions.start.ExecutionStarter;
import io.sluice.functions.trigger.object.InvalidRulesException;
import io.sluice.functions.trigger.object.ObjectRules;
import io.sluice.functions.trigger.object.ObjectTrigger;
import io.sluice.functions.trigger.object.TriggerMetrics;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.support.ResourcePatternResolver;

/**
 * The object trigger on Azure: the rules document at {@code sluice.triggers.rules} (a Spring resource location such
 * as {@code classpath:triggers/object-rules.json}) maps containers and blob names to pipelines; without rules there
 * is no object trigger, and the {@code object-trigger} functions say so when they run.
 */
@Configuration(proxyBeanMethods = false)
public class AzureTriggers {

    @Bean
    @ConditionalOnProperty("sluice.triggers.rules")
    public ObjectTrigger objectTriggerCore(ResourcePatternResolver resolver, @Value("${sluice.triggers.rules}") String location,
                                           ExecutionStarter starter) {
        try {
            return new ObjectTrigger(ObjectRules.parse(resolver.getResource(location).getContentAsString(StandardCharsets.UTF_8)), starter,
                    TriggerMetrics.NONE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the object rules at " + location + " (sluice.triggers.rules)", e);
        } catch (InvalidRulesException e) {
            throw new IllegalStateException(location + ": " + e.getMessage(), e);
        }
    }

    @Bean
    @ConditionalOnProperty("sluice.triggers.rules")
    public EventGridDelivery eventGridDelivery(ObjectTrigger trigger) {
        return new EventGridDelivery(trigger);
    }
}
